/** A pasted token as the server takes it: no whitespace, no `cashu:` prefix. */
export function cleanTokenText(raw: string): string {
  return raw.replace(/\s+/g, '').replace(/^(web\+)?cashu:(\/\/)?/i, '')
}

/** Whether the text looks like a Cashu token at all (the server decides the rest). */
export function looksLikeToken(raw: string): boolean {
  return /^cashu[AB][A-Za-z0-9_\-+/=]{10,}$/.test(cleanTokenText(raw))
}

/** The host of a mint URL, for showing which mints are accepted. */
export function mintHost(url: string): string {
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`
  } catch {
    return url
  }
}
