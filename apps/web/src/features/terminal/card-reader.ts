/**
 * RFID readers type the card's tag followed by Enter, like a keyboard, but far faster than a
 * person. Keys are gathered until Enter; what came that fast (or cannot be a PIN) is a tag.
 */

/** Keys of a reader come closer together than this; a person types slower. */
const READER_KEY_GAP_MS = 35
const TAG_CHARS = /^[0-9A-Fa-f:\- ]$/

export interface KeyRun {
  text: string
  lastAt: number
  /** the largest gap between two keys of the run */
  maxGap: number
}

export const emptyRun = (): KeyRun => ({ text: '', lastAt: 0, maxGap: 0 })

/** The run after one key (a character of a tag); anything else starts over. */
export function addKey(run: KeyRun, key: string, at: number): KeyRun {
  if (!TAG_CHARS.test(key)) return emptyRun()
  if (run.text === '') return { text: key, lastAt: at, maxGap: 0 }
  return { text: run.text + key, lastAt: at, maxGap: Math.max(run.maxGap, at - run.lastAt) }
}

/** At Enter: the run read as a tag, or null when it was a person typing (a PIN). */
export function tagOf(run: KeyRun): string | null {
  const tag = run.text.replace(/[\s:-]/g, '').toUpperCase()
  if (tag.length < 4) return null
  const isFast = run.text.length >= 4 && run.maxGap <= READER_KEY_GAP_MS
  const cannotBePin = tag.length > 8 || /[A-F]/.test(tag)
  return isFast || cannotBePin ? tag : null
}
