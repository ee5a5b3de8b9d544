/**
 * Text the product can store: no NUL character (PostgreSQL's text cannot hold one) and no
 * unpaired UTF-16 surrogate (it has no UTF-8 form). The server refuses any input holding such a
 * string before reading it (`INVALID_TEXT`); forms check the same rule with `ZSafeText`.
 */
import { z } from 'zod'

/** The message of an input refused for its text; the web shows `errors.INVALID_TEXT`. */
export const INVALID_TEXT_MESSAGE = 'Text contains characters that cannot be stored'

/**
 * In unicode mode a surrogate pair is read as one code point outside this range, so only an
 * unpaired surrogate matches.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/** A string that can be stored; use in place of `z.string()` for every text input. */
export const ZSafeText = z.string().refine(isSafeText, { message: INVALID_TEXT_MESSAGE })

/** Most nested levels an input may have; deeper ones are refused as malformed. */
const MAX_INPUT_DEPTH = 64

/**
 * The first problem of an input value as received: a string that cannot be stored, or nesting
 * deeper than `MAX_INPUT_DEPTH`. Walks arrays, objects and their keys without recursion, each
 * object once (a value read from the wire may share or even cycle through its parts).
 */
export function unsafeInputProblem(value: unknown): 'text' | 'depth' | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  const seen = new Set<object>()
  for (let item = stack.pop(); item; item = stack.pop()) {
    const v = item.value
    if (typeof v === 'string') {
      if (!isSafeText(v)) return 'text'
      continue
    }
    if (typeof v !== 'object' || v === null) continue
    if (item.depth >= MAX_INPUT_DEPTH) return 'depth'
    if (seen.has(v)) continue
    seen.add(v)
    if (Array.isArray(v)) {
      for (const entry of v as unknown[]) stack.push({ value: entry, depth: item.depth + 1 })
      continue
    }
    if (v instanceof Map) {
      for (const [k, entry] of v as Map<unknown, unknown>) {
        stack.push({ value: k, depth: item.depth + 1 }, { value: entry, depth: item.depth + 1 })
      }
      continue
    }
    if (v instanceof Set) {
      for (const entry of v as Set<unknown>) stack.push({ value: entry, depth: item.depth + 1 })
      continue
    }
    for (const [k, entry] of Object.entries(v)) {
      if (!isSafeText(k)) return 'text'
      stack.push({ value: entry, depth: item.depth + 1 })
    }
  }
  return undefined
}
