/**
 * The app: the router, the session inside it (the session provider reads the route: a
 * recovery session ends off /update-password), then the routes and screens (./router.tsx).
 */
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </BrowserRouter>
  );
}
