import { describe, expect, it } from 'vitest'
import { addKey, emptyRun, tagOf, type KeyRun } from './card-reader'

function typed(text: string, gapMs: number): KeyRun {
  let run = emptyRun()
  ;[...text].forEach((k, i) => {
    run = addKey(run, k, 1000 + i * gapMs)
  })
  return run
}

describe('card reader input', () => {
  it('reads a fast run as a tag, upper case and without separators', () => {
    expect(tagOf(typed('04a1b2c3', 8))).toBe('04A1B2C3')
    expect(tagOf(typed('04:a1:b2', 8))).toBe('04A1B2')
    expect(tagOf(typed('1234', 10))).toBe('1234')
  })

  it('reads a person typing a PIN as no tag, but long or hex runs as tags', () => {
    expect(tagOf(typed('1234', 180))).toBeNull()
    expect(tagOf(typed('0012345678', 200))).toBe('0012345678')
    expect(tagOf(typed('12AB', 200))).toBe('12AB')
  })

  it('starts over at a key no tag has', () => {
    expect(addKey(typed('12', 5), 'x', 1020)).toEqual(emptyRun())
    expect(tagOf(typed('12', 5))).toBeNull()
  })
})
