/**
 * Paths the server answers itself, for programs (the API, wallets, LNURL, health checks), never
 * pages: the server answers an unknown one with a JSON 404 rather than the app shell, and the
 * service worker never serves the shell for them.
 */

/** LNURL-pay and LNURL-withdraw endpoints, and Lightning addresses' well-known path. */
export const LNURL_PATHS = ['/lnurlp/', '/lnurlw/', '/.well-known/lnurlp/'] as const

export const SERVER_PATHS = [
  '/.well-known/',
  '/api/',
  '/trpc/',
  '/healthz',
  ...LNURL_PATHS,
] as const

/** Whether a path (no query) is one of the server's own. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((p) => pathname.startsWith(p) || `${pathname}/` === p)
}
