import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import type { PublicSettings } from '../../domain/settings/wire';
import { App } from './App';
import { queryClient } from './query';
import { fetchSettings, SettingsProvider } from './settings';

// Browser history under /admin: react-admin gets basename="/admin" and the router a splat route for it.
const router = createBrowserRouter([
  { path: '/admin/*', element: <App /> },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      value => {
        clearTimeout(timer);
        resolve(value);
      },
      error => {
        clearTimeout(timer);
        reject(error);
      }
    );
  });
}

async function start() {
  // The theme and login title come from the site settings; wait briefly for them, else use defaults
  // (the provider retries in the background).
  let initial: PublicSettings | null;
  try {
    initial = await withTimeout(fetchSettings(), 3000);
    document.title = `${initial.model_name} · Staff console`;
  } catch {
    initial = null;
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SettingsProvider initial={initial}>
          <RouterProvider router={router} />
        </SettingsProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

void start();
