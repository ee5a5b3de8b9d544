/**
 * Nostr's signatures and NIP-44 keys at the speed thousands of NWC wallets need. Events are
 * signed and verified by libsecp256k1 compiled to WebAssembly (nostr-tools' `wasm` module over
 * nostr-wasm, about ten times the pure-JavaScript curve), and the NIP-44 conversation key of a
 * client and its wallet, an elliptic-curve multiplication, is derived once, not per message.
 */
import { getConversationKey } from 'nostr-tools/nip44'
import type { Event, EventTemplate, VerifiedEvent } from 'nostr-tools/pure'
import { finalizeEvent, setNostrWasm, verifyEvent } from 'nostr-tools/wasm'
import { initNostrWasm } from 'nostr-wasm'

const loaded = initNostrWasm().then(setNostrWasm)

/** Fills in the event's pubkey, id and signature. */
export async function signEvent(
  template: EventTemplate,
  secret: Uint8Array,
): Promise<VerifiedEvent> {
  await loaded
  return finalizeEvent({ ...template }, secret)
}

/** A verifier of events' ids and signatures (once the WebAssembly module is loaded). */
export async function eventVerifier(): Promise<(event: Event) => boolean> {
  await loaded
  return verifyEvent
}

/** The conversation keys of one secret key, by peer public key. */
export function conversationKeys(secret: Uint8Array): (peerPubkey: string) => Uint8Array {
  const keys = new Map<string, Uint8Array>()
  return (peer) => {
    let key = keys.get(peer)
    if (!key) {
      key = getConversationKey(secret, peer)
      // A client talks to one wallet: more peers than a few means something else is going on.
      if (keys.size >= 8) keys.clear()
      keys.set(peer, key)
    }
    return key
  }
}
