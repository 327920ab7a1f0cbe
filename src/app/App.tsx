/** The app: the session, then the router (routes and screens: ./router.tsx). */
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../features/auth/session.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  );
}
