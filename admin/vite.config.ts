import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the platform at /app (platform/src/console.ts); assets carry content hashes.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  // one React: packages hoisted to the repository root (urql) must not pick up the platform's React 18 there
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
});
