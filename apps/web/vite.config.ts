import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API listens on its own (PORT 3000); in production it serves dist/ itself on one origin.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': api,
      '/auth': api,
      '/broadcasting': api,
      '/media': api,
      '/posts': api,
    },
  },
});
