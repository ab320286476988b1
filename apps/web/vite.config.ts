import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './vite-precompress.ts';

const apiServer = 'http://localhost:3000';

// The server owns these prefixes (spec section 7 calls /me/... without /api). Anchored patterns,
// so `/me` does not swallow `/metrics` and `/api` does not swallow a page such as `/apiary`.
const proxy: Record<string, ProxyOptions> = {
  '^/api(/|$)': { target: apiServer },
  '^/me(/|$)': { target: apiServer },
  '^/sanctum(/|$)': { target: apiServer },
  '^/health$': { target: apiServer },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    // Maps for error reporting uploads, without the comment that makes every browser fetch them.
    sourcemap: 'hidden',
  },
});
