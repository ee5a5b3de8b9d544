import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import FIRST_LOAD_PAGES from './test/first-load-pages.json' with { type: 'json' }

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

const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt|map|wasm)$/

const inPackages = (names: string) => new RegExp(`node_modules/(${names})/`)

/**
 * The libraries every page runs, in one chunk: they change less often than the app, so a
 * browser keeps them cached across releases, and one chunk compresses better (its modules share
 * one brotli window, and nothing is imported between library chunks by name) and arrives in one
 * request: 3 KB less than five chunks of them (see docs/decisions.md).
 */
const VENDOR_CHUNKS = [
  {
    name: 'vendor',
    test: inPackages(
      [
        'react|react-dom|scheduler',
        '@tanstack/(react-router|router-core|history|store|react-store)',
        '@tanstack/(query-core|react-query)|@trpc/[^/]+|superjson|copy-anything|is-what',
        'i18next|react-i18next',
        'tailwind-merge|clsx|class-variance-authority',
      ].join('|'),
    ),
    priority: 20,
  },
]

/**
 * The chunks the entry imports (filled as the bundle is written, before Vite lists what each
 * lazy chunk needs): loaded before any lazy chunk can be asked for, so no list names them.
 */
const loadedByEveryPage = new Set<string>()

function entryImports(): Plugin {
  return {
    name: 'app:entry-imports',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk')
        const visit = (file: string) => {
          if (loadedByEveryPage.has(file)) return
          loadedByEveryPage.add(file)
          for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) {
            visit(imported)
          }
        }
        loadedByEveryPage.clear()
        for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
      },
    },
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? filesUnder(file) : [file]
  })
}

/**
 * Brotli and gzip copies of every text file in the build and of the QR decoder's WebAssembly,
 * so the server sends them without compressing on each request. Runs last, after the service
 * worker is written.
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

/**
 * The first pages a visitor or a terminal opens (`FIRST_LOAD_PAGES`) fetch their route chunks
 * together with the entry instead of after it: a small classic script in `index.html` (async,
 * so it blocks nothing) adds `<link rel="modulepreload">` for the current page's route chunks
 * and what they import, which the router would only ask for once the entry and its libraries
 * have loaded and run.
 */
/**
 * Pages whose path holds an id, by a pattern of the path, with the route files they render (as
 * in `FIRST_LOAD_PAGES`): a business's dashboard (`/$businessId`, which sends on to
 * `/$businessId/sales/dashboard`), with its guard (loaded by the route's `beforeLoad`). Not
 * held to the first-load budget: the preloader only starts their fetches with the entry's.
 */
const PRELOAD_PATTERNS: Record<string, string[][]> = {
  '^/[0-9a-f-]{36}(/sales/dashboard)?$': [
    ['__root.tsx'],
    ['_auth.tsx'],
    ['_auth/$businessId.tsx', 'src/features/onboarding/onboarding-routes.ts'],
    ['_auth/$businessId/sales/dashboard.tsx'],
  ],
}

function routePreload(): Plugin {
  return {
    name: 'app:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((out) => out.type === 'chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const withImports = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into
        into.add(file)
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into)
        return into
      }
      const entry = chunks.find((chunk) => chunk.isEntry)
      const html = bundle['index.html']
      if (!entry || html?.type !== 'asset' || typeof html.source !== 'string') {
        this.error('route preload: the build has no entry or no index.html')
      }
      const loadedByEntry = withImports(entry.fileName)
      const pages: Record<string, string[]> = {}
      for (const [page, levels] of Object.entries({ ...FIRST_LOAD_PAGES, ...PRELOAD_PATTERNS })) {
        const files = new Set<string>()
        for (const routeFile of levels.flat()) {
          const module = routeFile.startsWith('src/')
            ? `${src}/${routeFile.slice('src/'.length)}`
            : `${src}/routes/${routeFile}?tsr-split=component`
          // a module loaded lazily may share its chunk with others (no facade of its own)
          const chunk = chunks.find(
            (candidate) =>
              candidate.facadeModuleId === module ||
              (routeFile.startsWith('src/') && candidate.moduleIds.includes(module)),
          )
          if (chunk) withImports(chunk.fileName, files)
        }
        const lazy = [...files].filter((file) => !loadedByEntry.has(file))
        // their styles too (the terminal's frame waits for its own before it shows)
        const styles = lazy.flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ])
        // as `name-hash` for scripts, `name-hash.css` for styles (the script adds `/assets/`)
        pages[page] = [...lazy, ...new Set(styles)]
          .map((file) => file.replace(/^assets\/(.+?)(\.js)?$/, '$1'))
          .sort()
      }
      const script =
        `(function(){var k=location.pathname.replace(/(.)\\/$/,'$1');` +
        // an unpaired terminal is sent to pairing, a paired one with no staff member signed in
        // to the staff sign-in (features/terminal/paired-hint.ts remembers which)
        `try{var h=localStorage.getItem('terminalPaired');` +
        `if(k==='/terminal')k=!h?'/terminal/pair':h==='staff'?'/terminal/staff':k}catch(e){}` +
        `var m=${JSON.stringify(pages)},p=m[k];` +
        // pages whose path holds an id: the first pattern that matches
        `if(!p)for(var r in m)if(r[0]==='^'&&new RegExp(r).test(k)){p=m[r];break}` +
        `p=p||[];for(var i=0;i<p.length;i++){var f=p[i],l=document.createElement('link');` +
        `if(/\\.css$/.test(f)){l.rel='stylesheet';l.href='/assets/'+f}` +
        `else{l.rel='modulepreload';l.crossOrigin='';l.href='/assets/'+f+'.js'}` +
        `document.head.appendChild(l)}})()\n`
      const fileName = this.getFileName(
        this.emitFile({ type: 'asset', name: 'route-preload.js', source: script }),
      )
      html.source = html.source.replace(
        '</title>',
        `</title>\n    <script async src="/${fileName}"></script>`,
      )
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
        // Nothing large is fetched by every visitor in the background (the camera scanner's
        // WebAssembly decoder, ~950 KB, is not a pattern above: it loads when a scan opens).
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
    entryImports(),
    routePreload(),
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
        hostType === 'html' ? deps : deps.filter((dep) => !loadedByEveryPage.has(dep)),
    },
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
  server: {
    proxy: { '/trpc': { target: 'http://127.0.0.1:3000' } },
  },
})
