import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets.ts';

export default defineConfig({
  // The same output whether vite runs from web/ or from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), compressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first load is budgeted on the wire (scripts/web-weight.ts, checked in `make test`),
    // which is what matters; the vendor chunk alone is larger than Vite's default warning.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
    },
  },
});
