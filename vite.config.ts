import { defineConfig } from 'vite';

// Library build of the element (CONTRACT §4): completed by the shipping issue.
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    lib: { entry: 'src/pay-checkout.ts', formats: ['es'], fileName: () => 'pay-checkout.js' },
  },
});
