// shared with the terminal's ecash screen
export { cleanTokenText, looksLikeToken } from '@/lib/cashu-token'

/** The host of a mint URL, for showing which mints are accepted. */
export function mintHost(url: string): string {
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`
  } catch {
    return url
  }
}
