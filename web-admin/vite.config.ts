import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The staff console. Built into web-admin/dist and served by the API at /admin (with an index.html
// fallback so deep links such as /admin/transactions work).
const root = fileURLToPath(new URL('.', import.meta.url));
// The console imports ../web-shared and ../domain: the dev server may serve files from the whole checkout.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = process.env.FANCLUB_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: backend, changeOrigin: false, ws: true },
      '/admin-api': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/admin-api': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
});
