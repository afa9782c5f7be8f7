import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@core': here('./core'),
  '@plugins': here('./plugins'),
  '@layouts': here('./workspace-layouts'),
};

export default defineConfig({
  root: here('./src/web'),
  publicDir: false,
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/logreporter': 'http://127.0.0.1:3000' },
  },
});
