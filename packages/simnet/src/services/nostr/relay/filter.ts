/** NIP-01 REQ filters: checked once when a subscription opens, then matched per event. */
import type { Filter } from 'nostr-tools/filter'
import { matchFilter } from 'nostr-tools/filter'
import { isHex64 } from './event'
import type { NostrEvent } from './event'

export type { Filter }

export class FilterError extends Error {
  constructor(
    /** NIP-01 machine-readable prefix for the CLOSED message */
    readonly prefix: 'invalid' | 'unsupported',
    message: string,
  ) {
    super(message)
  }
}

const TAG_KEY = /^#[a-zA-Z]$/
const HEX_TAGS = new Set(['#e', '#p'])

function stringList(key: string, value: unknown, mustBeHex: boolean): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new FilterError('invalid', `${key} must be an array of strings`)
  }
  const list = value as string[]
  if (mustBeHex && !list.every(isHex64)) {
    throw new FilterError('invalid', `${key} must hold 64-character lowercase hex values`)
  }
  return list
}

function whole(key: string, value: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new FilterError('invalid', `${key} must be a non-negative integer`)
  }
  return value as number
}

/** Reads one filter object; throws FilterError on a malformed one. Unknown plain keys are ignored. */
export function parseFilter(value: unknown): Filter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FilterError('invalid', 'each filter must be a JSON object')
  }
  const filter: Filter = {}
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'ids' || key === 'authors') filter[key] = stringList(key, raw, true)
    else if (key === 'kinds') {
      if (!Array.isArray(raw) || raw.some((k) => !Number.isSafeInteger(k) || (k as number) < 0)) {
        throw new FilterError('invalid', 'kinds must be an array of non-negative integers')
      }
      filter.kinds = raw as number[]
    } else if (key === 'since' || key === 'until' || key === 'limit') filter[key] = whole(key, raw)
    else if (TAG_KEY.test(key)) {
      filter[key as `#${string}`] = stringList(key, raw, HEX_TAGS.has(key))
    } else if (key.startsWith('#')) {
      throw new FilterError('unsupported', `only single-letter tag filters are indexed, not ${key}`)
    }
  }
  return filter
}

export function matches(filter: Filter, event: NostrEvent): boolean {
  // matchFilter skips a zero since/until, which still bounds the range
  if (filter.since !== undefined && event.created_at < filter.since) return false
  if (filter.until !== undefined && event.created_at > filter.until) return false
  return matchFilter(filter, event)
}

export function matchesAny(filters: Filter[], event: NostrEvent): boolean {
  return filters.some((f) => matches(f, event))
}
