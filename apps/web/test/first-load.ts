/**
 * Which built scripts a first load of a page needs, read from Vite's build manifest
 * (dist/.vite/manifest.json): the entry with everything it imports, and the lazy chunks of the
 * page's routes (TanStack Router splits each route's component into its own chunk) with theirs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import firstLoadPages from './first-load-pages.json'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

/**
 * The route files a page renders on a first visit, from the root down (under src/routes), and
 * modules a route loads lazily but renders at once (named from the web app's folder, `src/…`):
 * `/sign-in` for a signed-out visitor; `/terminal` for a paired terminal (its charge screen, in
 * the terminal's frame); `/terminal/staff` for a paired one with no staff member signed in (the
 * staff sign-in, in the frame: what a shop's tablet opens on each morning); `/terminal/pair` for
 * an unpaired one (pairing, without the frame).
 * A JSON file, so that the route preloader (`vite-plugins/route-preload.ts`) reads the same list.
 */
export const FIRST_LOAD_PAGES: Record<string, string[][]> = firstLoadPages

/** At most this much compressed script before a first page is usable. */
export const BUDGET_BYTES = 150 * 1024

/**
 * Pages not within the budget yet, each with the ceiling it must not grow past until it is
 * (see docs/status.md, "First load"): a page that grows fails, one that slims below the budget
 * must be taken off this list.
 */
export const OVER_BUDGET_CEILINGS: Record<string, number> = {}

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first`)
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest
}

/** Scripts under assets/ that `index.html` itself loads (the entry, the route preloader). */
export function htmlScripts(dist: string, page = 'index.html'): string[] {
  const html = readFileSync(path.join(dist, page), 'utf8')
  return [...html.matchAll(/<script\b[^>]*\bsrc="\/(assets\/[^"]+\.js)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  )
}

/** The script files (relative to dist) a first load of `page` fetches. */
export function firstLoadScripts(
  manifest: Manifest,
  page: string,
  fromHtml: string[] = [],
): string[] {
  const levels = FIRST_LOAD_PAGES[page]
  if (!levels) throw new Error(`no route files listed for ${page}`)
  const files = new Set<string>(fromHtml)
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  // the dashboard's entry (the checkout's page, checkout.html, is an entry of its own)
  const entry = 'index.html'
  if (!manifest[entry]?.isEntry) throw new Error('the build manifest has no entry')
  visit(entry)
  for (const candidates of levels) {
    for (const routeFile of candidates) {
      const source = routeFile.startsWith('src/') ? routeFile : `src/routes/${routeFile}`
      for (const key of Object.keys(manifest)) {
        // the route's own module (in the entry) and its split component chunk, or the module
        if (key === source || key === `${source}?tsr-split=component`) visit(key)
      }
    }
  }
  return [...files].filter((file) => file.endsWith('.js')).sort()
}

/**
 * Bytes on the wire: the build's brotli copy (what the server sends every browser that accepts
 * it, which all current ones do), or gzip's, or the file itself when it is too small to compress.
 */
export function compressedSize(dist: string, file: string, encoding: 'br' | 'gz' = 'br'): number {
  const copy = path.join(dist, `${file}.${encoding}`)
  return existsSync(copy) ? statSync(copy).size : statSync(path.join(dist, file)).size
}

/** Which of a page's listed route files exist in this build (a page not built yet has none). */
export function builtRouteFiles(manifest: Manifest, page: string): string[] {
  return (FIRST_LOAD_PAGES[page] ?? [])
    .flat()
    .filter(
      (routeFile) =>
        `src/routes/${routeFile}?tsr-split=component` in manifest ||
        (routeFile.startsWith('src/') && routeFile in manifest),
    )
}

/**
 * The customers' checkout and payment-link pages (`/pay/…`, `/l/…`): a page of their own,
 * checkout.html, on a phone's slow connection, so at most 60 KB of compressed script.
 */
export const CHECKOUT_PAGE = 'checkout.html'
export const CHECKOUT_BUDGET_BYTES = 60 * 1024

/** The scripts checkout.html loads: its entry with everything it imports, and its own tags. */
export function checkoutScripts(manifest: Manifest, fromHtml: string[] = []): string[] {
  const files = new Set<string>(fromHtml)
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  if (!manifest[CHECKOUT_PAGE]?.isEntry) throw new Error('the build has no checkout.html entry')
  visit(CHECKOUT_PAGE)
  return [...files].filter((file) => file.endsWith('.js')).sort()
}
