import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { registerServiceWorker } from './pwa/pwa';
import { startAnalytics } from './analytics/analytics';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// UTM values of this visit (one-year cookie) and GA4 purchase events when a measurement id is set.
startAnalytics();

// The installable app's service worker (offline shell, web push): web-fan/public/sw.js.
void registerServiceWorker();
