/**
 * Which built scripts a first load of a page needs, read from Vite's build manifest
 * (dist/.vite/manifest.json): the entry with everything it imports, and the lazy chunks of the
 * page's routes (TanStack Router splits each route's component into its own chunk) with theirs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** The route files a page renders on a first visit, from the root down (under src/routes). */
export const FIRST_LOAD_PAGES: Record<string, string[][]> = {
  // a signed-out visitor
  '/sign-in': [['__root.tsx'], ['_public.tsx'], ['_public/sign-in.tsx']],
  // a paired terminal opens on its charge screen; an unpaired one on pairing
  '/terminal': [['__root.tsx'], ['terminal.tsx'], ['terminal/index.tsx']],
  '/terminal/pair': [['__root.tsx'], ['terminal.tsx'], ['terminal/pair.tsx']],
}

/** At most this much compressed script before a first page is usable. */
export const BUDGET_BYTES = 150 * 1024

/**
 * Pages not within the budget yet, each with the ceiling it must not grow past until it is
 * (see docs/status.md, "First load"): a page that grows fails, one that slims below the budget
 * must be taken off this list.
 */
export const OVER_BUDGET_CEILINGS: Record<string, number> = {
  // react-hook-form and i18next; zod already loads after the page shows
  '/sign-in': 170 * 1024,
  // the terminal's own pages import zod and react-hook-form up front
  '/terminal': 200 * 1024,
  '/terminal/pair': 215 * 1024,
}

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first`)
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest
}

/** The script files (relative to dist) a first load of `page` fetches. */
export function firstLoadScripts(manifest: Manifest, page: string): string[] {
  const levels = FIRST_LOAD_PAGES[page]
  if (!levels) throw new Error(`no route files listed for ${page}`)
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('the build manifest has no entry')
  visit(entry)
  for (const candidates of levels) {
    for (const routeFile of candidates) {
      const source = `src/routes/${routeFile}`
      for (const key of Object.keys(manifest)) {
        // the route's own module (in the entry) and its split component chunk
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
    .filter((routeFile) => `src/routes/${routeFile}?tsr-split=component` in manifest)
}
