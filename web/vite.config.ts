/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { fileURLToPath } from 'node:url';
import { cspStyleAliases, cspStyles } from './scripts/csp-styles.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [cspStyles(), react(), wasm()],
  resolve: { alias: cspStyleAliases },
  worker: { format: 'es', plugins: () => [wasm()] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    root,
    include: [
      'src/**/*.test.{ts,tsx}',
      '../lib/**/*.test.{ts,tsx}',
      '../cli/**/*.test.{ts,tsx}',
      '../tests/cross-engine/**/*.test.{ts,tsx}',
      '../tests/sdk/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 120_000,
  },
});
