/**
 * The installable apps: the owners' app and the shop terminal (each with its manifest) and the
 * service worker that keeps the app shell for offline starts.
 */
import type { Plugin } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
// the build's config is loaded by Node, which cannot import the domain package's TypeScript by name
import { SERVER_PATHS } from '../../../packages/domain/src/server-paths.ts'
import { CHECKOUT_PAGE_PREFIXES } from '../../../packages/domain/src/online/checkout-paths.ts'

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

/** The service worker and the owners' app's manifest. */
export function pwa(): Plugin[] {
  return VitePWA({
    registerType: 'autoUpdate',
    // registerSW.js, a file of its own: the content security policy allows no inline script
    injectRegister: 'script-defer',
    manifest: appManifest,
    includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
    workbox: {
      // The app shell: hashed scripts and styles, the page, icons and the translations.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'locales/*/translation.json'],
      // the customers' checkout is not part of the owners' app (see checkoutWithoutApp)
      globIgnores: ['**/*.gz', '**/*.br', '.vite/**', 'checkout.html', 'assets/checkout-*'],
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
      // the paths the server answers itself (API, wallets, downloads) and the checkout's pages
      // (checkout.html from the server): never the app shell
      navigateFallbackDenylist: [...SERVER_PATHS, ...CHECKOUT_PAGE_PREFIXES].map(
        (p) => new RegExp(`^${p.replace(/[.]/g, '\\.')}`),
      ),
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      // Nothing else is cached: API calls, LNURL and downloads always go to the network.
      runtimeCaching: [],
    },
  })
}

/** The terminal's manifest beside the app's (the plugin writes only one). */
export function terminalManifestFile(): Plugin {
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

/**
 * The checkout page (checkout.html) is a customer's, not the owners' app: it offers no install
 * (no manifest) and registers no service worker, which the PWA plugin adds to every page.
 */
export function checkoutWithoutApp(): Plugin {
  return {
    name: 'app:checkout-without-app',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (!filename.endsWith('checkout.html')) return html
        return html
          .replace(/<link rel="manifest"[^>]*>/g, '')
          .replace(/<script id="vite-plugin-pwa:register-sw"[^>]*><\/script>/g, '')
      },
    },
  }
}
