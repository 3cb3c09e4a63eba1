import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// Served at /editor/ by the local stack and by CloudFront. `npm run dev` serves it on its own port and
// talks to a running stack (API_URL, default http://127.0.0.1:3000) through the stack's CORS support;
// only the stack-served files (config, local sign-in) go through the dev proxy.
const stack = process.env.API_URL ?? 'http://127.0.0.1:3000';
export default defineConfig({
  base: '/editor/',
  plugins: [preact()],
  build: { outDir: 'dist', target: 'es2022', reportCompressedSize: true },
  server: { port: 5173, proxy: { '/editor/config.json': stack, '/editor/local-sign-in': stack } },
});
