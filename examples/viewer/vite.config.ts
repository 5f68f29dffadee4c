import { defaultClientConditions, defineConfig } from 'vite';

// The workspace packages export their TypeScript sources under the `source` condition: the
// viewer runs on them directly, without building the packages first.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
