/** NIP-47 payload encryption: NIP-44 v2, or legacy NIP-04, both from nostr-tools. */
import * as nip04 from 'nostr-tools/nip04'
import * as nip44 from 'nostr-tools/nip44'
import type { NostrEvent } from '../relay/event'
import { firstTagValue } from '../relay/event'

export type Encryption = 'nip44_v2' | 'nip04'

export const SUPPORTED_ENCRYPTIONS: readonly Encryption[] = ['nip44_v2', 'nip04']

/** The scheme a request asks for: its `encryption` tag, NIP-04 when the tag is absent. */
export function requestEncryption(event: NostrEvent): Encryption | { unsupported: string } {
  const tag = firstTagValue(event, 'encryption')
  if (tag === undefined) return 'nip04'
  return (SUPPORTED_ENCRYPTIONS as readonly string[]).includes(tag)
    ? (tag as Encryption)
    : { unsupported: tag }
}

/** NIP-44 conversation keys by wallet key and client: one curve multiplication per pair. */
const conversationKeys = new Map<string, Uint8Array>()
const MAX_CONVERSATION_KEYS = 50_000

function conversationKey(secretKey: Uint8Array, peerPubkey: string): Uint8Array {
  const id = `${Buffer.from(secretKey).toString('hex')}:${peerPubkey}`
  let key = conversationKeys.get(id)
  if (!key) {
    key = nip44.getConversationKey(secretKey, peerPubkey)
    if (conversationKeys.size >= MAX_CONVERSATION_KEYS) conversationKeys.clear()
    conversationKeys.set(id, key)
  }
  return key
}

export function encrypt(
  encryption: Encryption,
  secretKey: Uint8Array,
  peerPubkey: string,
  plaintext: string,
): string {
  if (encryption === 'nip04') return nip04.encrypt(secretKey, peerPubkey, plaintext)
  return nip44.encrypt(plaintext, conversationKey(secretKey, peerPubkey))
}

export function decrypt(
  encryption: Encryption,
  secretKey: Uint8Array,
  peerPubkey: string,
  payload: string,
): string {
  if (encryption === 'nip04') return nip04.decrypt(secretKey, peerPubkey, payload)
  return nip44.decrypt(payload, conversationKey(secretKey, peerPubkey))
}
