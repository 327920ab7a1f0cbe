/** Boot: theme, the app (session, router), and the service worker (production builds only). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { App } from './app/App.tsx';
import { followSystemTheme } from './app/theme.ts';
import './app/styles.css';

followSystemTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void new Workbox('/sw.js', { type: 'module' }).register();
}
