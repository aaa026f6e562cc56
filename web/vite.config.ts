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
    // One ~890 kB chunk (~270 kB gzipped), mostly Blueprint and React, for an intranet app.
    // Splitting vendor chunks made Blueprint's larger (icons lose tree-shaking), so we don't.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
    },
  },
});
