import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appViteConfig } from '../../packages/ui/src/vite-app';

const shared = appViteConfig({ base: '/tma/', devPort: 5174, build });

export default defineConfig({ ...shared, plugins: [react(), ...shared.plugins] });
