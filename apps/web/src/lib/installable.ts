/**
 * The installable apps and updates. The owners' app installs from `/` (manifest.webmanifest);
 * the shop terminal installs as its own app that opens on /terminal (terminal.webmanifest), so
 * a page under /terminal offers that manifest instead. The service worker (vite-plugin-pwa)
 * takes over on the next load after a deploy; a page still open from before may then ask for a
 * chunk the new deploy no longer has, which is answered by loading the page once more.
 */
import type { AnyRouter } from '@tanstack/react-router'

const TERMINAL_PREFIX = '/terminal'

export function manifestFor(pathname: string): string {
  return pathname === TERMINAL_PREFIX || pathname.startsWith(`${TERMINAL_PREFIX}/`)
    ? '/terminal.webmanifest'
    : '/manifest.webmanifest'
}

/** Points the page's manifest link at the terminal's manifest while a /terminal page shows. */
export function offerTerminalManifest(router: AnyRouter): void {
  const update = () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    const href = manifestFor(window.location.pathname)
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href)
  }
  update()
  router.subscribe('onResolved', update)
}

const RELOADED_KEY = 'app:reloaded-for-chunk'

/** A chunk of an older deploy failed to load: load the page again, once per minute at most. */
export function reloadOnceForMissingChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0)
    if (Date.now() - last < 60_000) return
    event.preventDefault()
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()))
    window.location.reload()
  })
}
