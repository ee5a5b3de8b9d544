/**
 * The first pages a visitor or a terminal opens (`FIRST_LOAD_PAGES`) fetch their route chunks
 * together with the entry instead of after it: a small classic script in `index.html` (async,
 * so it blocks nothing) adds `<link rel="modulepreload">` for the current page's route chunks
 * and what they import, which the router would only ask for once the entry and its libraries
 * have loaded and run.
 */
import type { Plugin } from 'vite'
import FIRST_LOAD_PAGES from '../test/first-load-pages.json' with { type: 'json' }
import { isAppEntry } from './chunks.ts'

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

/** `src` is the app's source folder (route files are found under `src/routes`). */
export function routePreload(src: string): Plugin {
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
      const entry = chunks.find(isAppEntry)
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
