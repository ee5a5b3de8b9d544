import { describe, expect, it } from 'vitest'
import { afterSignInPath, safeRedirectPath } from './safe-redirect'

const origin = 'https://shop.example'

describe('safeRedirectPath', () => {
  it('follows a path on this site, keeping its query and fragment', () => {
    expect(safeRedirectPath('/abc/sales/dashboard', origin)).toBe('/abc/sales/dashboard')
    expect(safeRedirectPath('/abc/account?tab=1#top', origin)).toBe('/abc/account?tab=1#top')
  })

  it.each([
    ['//evil.com', 'protocol-relative URL'],
    ['//evil.com/abc', 'protocol-relative URL with a path'],
    ['/\\evil.com', 'backslash that browsers read as a slash'],
    ['/\t/evil.com', 'tab that browsers drop'],
    ['/\n/evil.com', 'newline that browsers drop'],
    ['https://evil.com', 'absolute URL elsewhere'],
    ['https://shop.example/abc', 'absolute URL, even on this site'],
    ['javascript:alert(1)', 'script URL'],
    ['abc/sales', 'relative path'],
    ['', 'empty text'],
  ])('refuses %j (%s)', (value) => {
    expect(safeRedirectPath(value, origin)).toBeUndefined()
  })

  it('refuses anything that is not text', () => {
    expect(safeRedirectPath(undefined, origin)).toBeUndefined()
    expect(safeRedirectPath(42, origin)).toBeUndefined()
    expect(safeRedirectPath({ to: '/' }, origin)).toBeUndefined()
  })
})

describe('afterSignInPath (signing in, or opening sign-in while signed in)', () => {
  it('goes to the page asked for on this site', () => {
    expect(afterSignInPath('/abc/account?tab=1', origin)).toBe('/abc/account?tab=1')
  })

  it.each(['//evil.com', 'https://evil.com/x', 'javascript:alert(1)', '/\\evil.com', undefined])(
    'goes to the start page instead of %j',
    (value) => {
      expect(afterSignInPath(value, origin)).toBe('/')
    },
  )
})
