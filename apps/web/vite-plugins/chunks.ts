/** How the build splits the app into chunks, and which chunks every page has loaded first. */
import type { Plugin } from 'vite'

const inPackages = (names: string) => new RegExp(`node_modules/(${names})/`)

/**
 * The libraries every page runs, in one chunk: they change less often than the app, so a
 * browser keeps them cached across releases, and one chunk compresses better (its modules share
 * one brotli window, and nothing is imported between library chunks by name) and arrives in one
 * request: 3 KB less than five chunks of them (see docs/decisions.md).
 */
export const VENDOR_CHUNKS = [
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

/** The customers' checkout page's entry (`checkout.html`): a bundle of its own, not a page of the app. */
export const CHECKOUT_ENTRY = 'checkout'

/** The dashboard's entry chunk (`index.html`'s), not the checkout's. */
export const isAppEntry = (chunk: { isEntry: boolean; name: string }) =>
  chunk.isEntry && chunk.name !== CHECKOUT_ENTRY

/**
 * The chunks the entry imports (filled as the bundle is written, before Vite lists what each
 * lazy chunk needs): loaded before any lazy chunk can be asked for, so no list names them.
 */
const loadedByEveryPage = new Set<string>()

export function isLoadedByEveryPage(file: string): boolean {
  return loadedByEveryPage.has(file)
}

export function entryImports(): Plugin {
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
        for (const chunk of chunks) if (isAppEntry(chunk)) visit(chunk.fileName)
      },
    },
  }
}
