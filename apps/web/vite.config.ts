import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'

const src = fileURLToPath(new URL('./src', import.meta.url))

/** Paths the server answers itself (API, wallets, downloads): never the app shell, never cached. */
const SERVER_PATHS = [/^\/trpc/, /^\/api\//, /^\/lnurlp\//, /^\/\.well-known\//, /^\/healthz/]

const THEME_COLOR = '#f8fafc'
const BACKGROUND_COLOR = '#f8fafc'

const icons: ManifestOptions['icons'] = [
  { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
  { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
  { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

/** The owners' app. The server puts the configured brand name in place of `name`. */
const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'My product',
  short_name: 'My product',
  description: 'Accept bitcoin payments and run your business.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons,
}

/** The shop terminal installs as its own app that opens on /terminal (see docs/decisions.md). */
const terminalManifest = {
  ...appManifest,
  id: '/terminal',
  name: 'My product Terminal',
  short_name: 'Terminal',
  description: 'Take bitcoin payments at the counter.',
  start_url: '/terminal',
  scope: '/terminal',
  display: 'fullscreen',
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt|map)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? filesUnder(file) : [file]
  })
}

/**
 * Brotli and gzip copies of every text file in the build, so the server sends them without
 * compressing on each request. Runs last, after the service worker is written.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'app:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue
          const body = readFileSync(file)
          if (body.length < 512) continue
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          )
        }
      },
    },
  }
}

/** The terminal's manifest beside the app's (the plugin writes only one). */
function terminalManifestFile(): Plugin {
  return {
    name: 'app:terminal-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'terminal.webmanifest',
        source: JSON.stringify(terminalManifest),
      })
    },
  }
}

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
    VitePWA({
      registerType: 'autoUpdate',
      // registerSW.js, a file of its own: the content security policy allows no inline script
      injectRegister: 'script-defer',
      manifest: appManifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      workbox: {
        // The app shell: hashed scripts and styles, the page, icons and the translations.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'locales/*/translation.json'],
        globIgnores: ['**/*.gz', '**/*.br', '.vite/**'],
        // The camera scanner's decoder (~480 KB) is fetched when a scan opens, not by every
        // visitor in the background; every other chunk is well under this size.
        manifestTransforms: [
          (entries) =>
            Promise.resolve({
              manifest: entries.filter((e) => e.size < 400 * 1024),
              warnings: [],
            }),
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // Nothing else is cached: API calls, LNURL and downloads always go to the network.
        runtimeCaching: [],
      },
    }),
    terminalManifestFile(),
    precompress(),
  ],
  resolve: { alias: { '@': src } },
  build: {
    // dist/.vite/manifest.json: which chunks each page needs (the first-load budget test reads it)
    manifest: true,
    // every browser the app supports preloads modules itself
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/trpc': { target: 'http://127.0.0.1:3000' } },
  },
})
