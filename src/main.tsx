/** Boot: theme, the app (session, router), the service worker (production builds only), persistent storage. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { registerServiceWorker } from './app/pwa/serviceWorker.ts';
import { followSystemTheme } from './app/theme.ts';
import { askPersistentStorage } from './data/db/persistentStorage.ts';
import './app/styles.css';
import './ui/kit.css';
import './app/screens.css';

followSystemTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
void askPersistentStorage();
