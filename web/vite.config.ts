/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cspStyleAliases, cspStyles } from './scripts/csp-styles.mjs';
import { contentChunks } from './scripts/content-chunks.ts';
import { routeIndex } from './scripts/route-index.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The source is React code; Preact runs it (docs/site.md, "Loading"): React's runtime alone is over
// the content pages' JavaScript budget. Every build and test resolves React through these.
const preactAliases = (routerBuild: 'development' | 'production') => [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // Under Node (tests, the prerender), these packages resolve to CommonJS builds whose require('react')
  // no alias reaches; their ES module builds are the ones the browser bundle uses anyway.
  ...Object.entries({
    'react-router-dom': 'react-router-dom/dist/index.mjs',
    'react-router': `react-router/dist/${routerBuild}/index.mjs`,
    'react-router/dom': `react-router/dist/${routerBuild}/dom-export.mjs`,
    'styled-components': 'styled-components/dist/styled-components.esm.js',
    '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
    'react-remove-scroll': 'react-remove-scroll/dist/es2015/index.js',
    'react-remove-scroll-bar': 'react-remove-scroll-bar/dist/es2015/index.js',
    'react-remove-scroll-bar/constants': 'react-remove-scroll-bar/dist/es2015/constants.js',
    'use-sidecar': 'use-sidecar/dist/es2015/index.js',
    'use-callback-ref': 'use-callback-ref/dist/es2015/index.js',
  }).map(([name, file]) => ({
    find: new RegExp(`^${name.replace(/[/]/g, '\\/')}$`),
    replacement: fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url)),
  })),
];

// The browser build's chunks (issue 26): a first visit should cost few requests, so everything the
// entry loads on every page is one chunk (the shell), and so is what most pages share; a page adds
// its own component and its content. Left to itself, Rolldown cut about 20 chunks of about 1 KB.
const ENTRY = /[\\/]web[\\/](index\.html|src[\\/]main\.tsx)$/;
const WORKSPACE = /[\\/](web[\\/]src[\\/]workspace[\\/]|lib[\\/]engine[\\/]shared[\\/]names\.ts$)/;
const WORKSPACE_LATER =
  /[\\/]workspace[\\/](CampaignPanel\.tsx|campaign\.ts|batch\.ts|changes-worker\.ts|LayoutBar\.tsx|layout\.ts|TargetSection\.tsx|TargetPicker\.tsx|useTarget\.ts|target\.ts|targetText\.ts)$/;
const MODES = /[\\/]lib[\\/]engine[\\/]shared[\\/]mode(s|-tables)\.ts$/;
const BUILD_INFO = /[\\/]web[\\/]src[\\/](workspace[\\/]format|site[\\/]buildInfo)\.ts$/;
const CHUNK_GROUPS = {
  groups: [
    // The entry itself (index.html and main.tsx) stays the entry chunk the pages name.
    { name: 'shell', tags: ['$initial' as const], test: (id: string) => !ENTRY.test(id), priority: 4 },
    // The build's facts (the engine's size, the formats), which home and /how-it-works show: kept out
    // of the workspace's chunk, which would otherwise take the size formatter with it.
    { name: 'buildInfo', test: BUILD_INFO, priority: 3 },
    // The workspace's interface, which home alone loads at first (the campaign panel, the batch, the
    // change map's worker, the layout bar with its structure walks and the Advanced Target section
    // with its picker load later, each its own chunk). It takes the Radix parts it uses; the cookie preferences dialog, opened on demand,
    // loads it for the switch and the dismissable layer.
    { name: 'workspace', test: (id: string) => WORKSPACE.test(id) && !WORKSPACE_LATER.test(id), priority: 1 },
    // The modes' table (names, UI values, labels), which the mode pages, the workspace and the shell's
    // links read: with what most pages share, not inside the workspace's chunk.
    { name: 'shared', test: MODES, priority: 2 },
    { name: 'shared', minShareCount: 4, priority: 1 },
  ],
};

export default defineConfig(({ mode, isSsrBuild }) => ({
  root,
  publicDir: 'public',
  plugins: [cspStyles(), routeIndex(), contentChunks(root), wasm()],
  resolve: {
    // React Router's development build carries warnings the production one drops.
    alias: [
      ...preactAliases(mode === 'production' ? 'production' : 'development'),
      ...Object.entries(cspStyleAliases).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es', plugins: () => [wasm()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: isSsrBuild ? {} : { output: { codeSplitting: CHUNK_GROUPS } },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    root,
    include: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      '../lib/**/*.test.{ts,tsx}',
      '../cli/**/*.test.{ts,tsx}',
      '../tests/cross-engine/**/*.test.{ts,tsx}',
      '../tests/sdk/**/*.test.ts',
      '../tests/fs/**/*.test.ts',
      '../tests/campaign/**/*.test.ts',
      '../tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // Inlined, so their own imports of react go through the aliases too.
    server: {
      deps: {
        inline: [
          /[\\/]preact/,
          /@floating-ui/,
          /preact-render-to-string/,
          /@testing-library\/react/,
          /@radix-ui/,
          /sonner/,
          /react-router/,
          /styled-components/,
          /react-remove-scroll/,
          /react-style-singleton/,
          /use-sidecar/,
          /use-callback-ref/,
          /aria-hidden/,
        ],
      },
    },
    testTimeout: 120_000,
    // Two test files at a time even on a 2-core machine (vitest's default is one fewer than the
    // cores: one, here). Most of the suite's time is spent waiting on the CLIs' processes, on
    // programs a campaign starts and on files being written, so a second file fills the idle core.
    // FRACTURE_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.FRACTURE_TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
  },
}));
