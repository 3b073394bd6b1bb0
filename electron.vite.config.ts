import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// main/, preload/ and renderer/ build into out/. The preload is sandboxed, so it is one
// self-contained CommonJS file (zod and the contract bundled in, nothing required at run time).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // the station day report's worker thread (main/station/walker.ts) is an entry of its own
      rollupOptions: { input: { index: resolve('main/index.ts'), 'station-day-walker': resolve('main/station/day-walker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
