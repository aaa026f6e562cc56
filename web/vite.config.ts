import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // The same output whether vite runs from web/ or from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // npm hoists React 18 to the root for Blueprint's peers while web/ has React 19: one copy only.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React + Blueprint come to one ~640 kB chunk (200 kB gzipped); not worth splitting yet.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
    },
  },
});
