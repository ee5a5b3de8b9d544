import { describe, expect, it } from 'vitest'
import { manifestFor } from './installable'

describe('which app a page installs as', () => {
  it('offers the terminal manifest on /terminal pages only', () => {
    expect(manifestFor('/terminal')).toBe('/terminal.webmanifest')
    expect(manifestFor('/terminal/eod')).toBe('/terminal.webmanifest')
    expect(manifestFor('/terminals')).toBe('/manifest.webmanifest')
    expect(manifestFor('/')).toBe('/manifest.webmanifest')
    expect(manifestFor('/sign-in')).toBe('/manifest.webmanifest')
  })
})
