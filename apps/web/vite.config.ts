import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appViteConfig } from '../../packages/ui/src/vite-app';

const shared = appViteConfig({ base: '/', build });

export default defineConfig({ ...shared, plugins: [react(), ...shared.plugins] });
