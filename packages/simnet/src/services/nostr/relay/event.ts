/**
 * NIP-01 event checks: the shape a relay must see before it verifies an event, the kind classes
 * that decide storage, and NIP-40 expiration.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { getEventHash } from 'nostr-tools/pure'
import { isAddressableKind, isEphemeralKind, isReplaceableKind } from 'nostr-tools/kinds'
import { verifyEvent } from '../fast-crypto'

export type { NostrEvent }

const HEX64 = /^[0-9a-f]{64}$/
const HEX128 = /^[0-9a-f]{128}$/

export function isHex64(value: unknown): value is string {
  return typeof value === 'string' && HEX64.test(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The reason an EVENT message is malformed, or null when its fields have the NIP-01 types. */
export function shapeProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'event must be a JSON object'
  if (!isHex64(value.id)) return 'id must be 64 lowercase hex characters'
  if (!isHex64(value.pubkey)) return 'pubkey must be 64 lowercase hex characters'
  if (typeof value.sig !== 'string' || !HEX128.test(value.sig)) {
    return 'sig must be 128 lowercase hex characters'
  }
  if (!Number.isSafeInteger(value.created_at) || (value.created_at as number) < 0) {
    return 'created_at must be a unix timestamp in seconds'
  }
  if (
    !Number.isSafeInteger(value.kind) ||
    (value.kind as number) < 0 ||
    (value.kind as number) > 65535
  ) {
    return 'kind must be an integer between 0 and 65535'
  }
  if (typeof value.content !== 'string') return 'content must be a string'
  const tags = value.tags
  if (!Array.isArray(tags)) return 'tags must be an array'
  for (const tag of tags) {
    if (!Array.isArray(tag) || tag.some((part) => typeof part !== 'string')) {
      return 'each tag must be an array of strings'
    }
  }
  return null
}

/** A copy holding only the NIP-01 fields, safe to store and serialise. */
export function plainEvent(event: NostrEvent): NostrEvent {
  const { id, pubkey, created_at, kind, tags, content, sig } = event
  return { id, pubkey, created_at, kind, tags: tags.map((t) => [...t]), content, sig }
}

/** Why a well-shaped event fails verification, or null when its id and signature hold. */
export function verificationProblem(event: NostrEvent): string | null {
  if (getEventHash(event) !== event.id) return 'event id does not match its content'
  if (!verifyEvent(plainEvent(event))) return 'signature is not valid'
  return null
}

export type StorageClass = 'regular' | 'replaceable' | 'addressable' | 'ephemeral'

export function storageClass(kind: number): StorageClass {
  if (isEphemeralKind(kind)) return 'ephemeral'
  if (isReplaceableKind(kind)) return 'replaceable'
  if (isAddressableKind(kind)) return 'addressable'
  return 'regular'
}

export function firstTagValue(event: NostrEvent, name: string): string | undefined {
  return event.tags.find((t) => t[0] === name)?.[1]
}

/** NIP-40: the unix second after which the event should no longer be served. */
function expiresAt(event: NostrEvent): number | undefined {
  const value = firstTagValue(event, 'expiration')
  if (value === undefined || !/^\d+$/.test(value)) return undefined
  return Number(value)
}

export function isExpired(event: NostrEvent, nowSec: number): boolean {
  const at = expiresAt(event)
  return at !== undefined && at <= nowSec
}

/** NIP-01 order: newest first, ties broken by the lowest id. */
export function newestFirst(a: NostrEvent, b: NostrEvent): number {
  if (a.created_at !== b.created_at) return b.created_at - a.created_at
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
