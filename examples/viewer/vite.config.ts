import { defaultClientConditions, defineConfig } from 'vite';

// The workspace packages export their TypeScript sources under the `@contactkit/source` condition
// (a name only this workspace sets): the viewer runs on them directly, without building the
// packages first.
export default defineConfig({
  resolve: { conditions: ['@contactkit/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
