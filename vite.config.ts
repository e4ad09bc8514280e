import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client is built into dist/client and served by the Fastify server on the same port.
// In development, `npm run dev:client` proxies the API families to a server on :8080.
const API_FAMILIES = ['/sys', '/system', '/admin', '/online', '/app', '/api', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_FAMILIES.map((p) => [p, { target: 'http://127.0.0.1:8080', changeOrigin: false }])),
  },
});
