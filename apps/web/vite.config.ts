import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import {
  CHECKOUT_ENTRY,
  entryImports,
  isLoadedByEveryPage,
  VENDOR_CHUNKS,
} from './vite-plugins/chunks.ts'
import { compileHints } from './vite-plugins/compile-hints.ts'
import { precompress } from './vite-plugins/precompress.ts'
import { checkoutWithoutApp, pwa, terminalManifestFile } from './vite-plugins/pwa.ts'
import { routePreload } from './vite-plugins/route-preload.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const src = fileURLToPath(new URL('./src', import.meta.url))

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so route files are split into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${src}/routes`,
      generatedRouteTree: `${src}/routeTree.gen.ts`,
    }),
    react(),
    tailwindcss(),
    pwa(),
    checkoutWithoutApp(),
    terminalManifestFile(),
    entryImports(),
    routePreload(src),
    compileHints(),
    // Brotli and gzip copies last, after the service worker is written.
    precompress(),
  ],
  resolve: { alias: { '@': src } },
  build: {
    // dist/.vite/manifest.json: which chunks each page needs (the first-load budget test reads it)
    manifest: true,
    modulePreload: {
      // every browser the app supports preloads modules itself
      polyfill: false,
      // a lazy chunk's list of what to fetch with it leaves out what every page has loaded
      // before (the entry's libraries): the lists are part of every page's first load.
      // `index.html` keeps its links to all of them (fetched beside the entry, not after it).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !isLoadedByEveryPage(dep)),
    },
    rolldownOptions: {
      // the dashboard, and the customers' checkout and payment-link pages: a small bundle of
      // their own (Preact, no dashboard code; see docs/decisions.md)
      input: { index: `${root}index.html`, [CHECKOUT_ENTRY]: `${root}checkout.html` },
      output: {
        codeSplitting: { groups: VENDOR_CHUNKS },
        // a chunk is named by seven hash characters alone (the fewest the bundler allows here):
        // every lazy chunk's name is in the entry's preload lists, which every first page loads
        // (1.9 KB of brotli less than `[name]-[hash:7]`); the build manifest maps them to sources
        chunkFileNames: 'assets/[hash:7].js',
      },
    },
  },
  server: {
    proxy: { '/trpc': { target: 'http://127.0.0.1:3000' } },
  },
})
