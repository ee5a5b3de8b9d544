/**
 * Where to go after signing in. Only a path on this site is followed: `/x`, never `//evil.com`,
 * `/\evil.com`, `https://evil.com` or `javascript:`, which browsers would take off-site.
 */
export function safeRedirectPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined
  if (!value.startsWith('/')) return undefined
  // Browsers treat a backslash like a slash and drop tabs and newlines inside URLs.
  if (value.includes('\\') || hasControlCharacter(value)) return undefined
  if (value.startsWith('//')) return undefined
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return undefined
  }
  if (url.origin !== new URL(origin).origin) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code <= 0x1f || code === 0x7f) return true
  }
  return false
}

/**
 * Where a signed-in user goes from sign-in or sign-up (just signed in, or already signed in when
 * the page opened): the page asked for, when it is a path on this site; else the start page.
 */
export function afterSignInPath(value: unknown, origin: string): string {
  return safeRedirectPath(value, origin) ?? '/'
}
