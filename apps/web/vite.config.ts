import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves the built app on its own port; in `vite` dev mode API calls go to it.
const apiTarget = process.env.COFFER_API_URL ?? 'http://127.0.0.1:8080';
const apiPrefixes = ['/wallet', '/uc', '/cap', '/ak', '/audit', '/rate', '/acc_dash', '/pfs', '/invitation', '/dev', '/docs'];

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
