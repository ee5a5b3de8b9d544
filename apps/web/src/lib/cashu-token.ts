/** A Cashu token as typed, pasted or scanned, before the server takes it (ecash page, terminal). */

/** A pasted token as the server takes it: no whitespace, no `cashu:` prefix. */
export function cleanTokenText(raw: string): string {
  return raw.replace(/\s+/g, '').replace(/^(web\+)?cashu:(\/\/)?/i, '')
}

/** Whether the text looks like a Cashu token at all (the server decides the rest). */
export function looksLikeToken(raw: string): boolean {
  return /^cashu[AB][A-Za-z0-9_\-+/=]{10,}$/.test(cleanTokenText(raw))
}
