import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, not '@autoradar/ui/...': Vite bundles a config's relative imports but loads package imports with plain
// Node, which cannot run the TypeScript source the packages ship.
import { devProxy } from '../../packages/ui/src/dev-proxy';

export default defineConfig({
  base: '/tma/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5174, proxy: devProxy() },
});
