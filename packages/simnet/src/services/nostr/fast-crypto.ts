/**
 * Signing and verifying events through libsecp256k1 compiled to WebAssembly (nostr-tools' `wasm`
 * module over nostr-wasm, about ten times the pure-JavaScript curve) once it has loaded, with
 * the pure-JavaScript functions until then (the first milliseconds after start).
 */
import type { EventTemplate, NostrEvent, VerifiedEvent } from 'nostr-tools/pure'
import * as pure from 'nostr-tools/pure'
import * as wasm from 'nostr-tools/wasm'
import { initNostrWasm } from 'nostr-wasm'

let finalize: (t: EventTemplate, secret: Uint8Array) => VerifiedEvent = pure.finalizeEvent
let verify: (event: NostrEvent) => boolean = pure.verifyEvent

void initNostrWasm().then(
  (nw) => {
    wasm.setNostrWasm(nw)
    finalize = wasm.finalizeEvent
    verify = wasm.verifyEvent
  },
  () => {
    // The pure-JavaScript functions stay: slower, the same results.
  },
)

export const finalizeEvent = (t: EventTemplate, secret: Uint8Array): VerifiedEvent =>
  finalize({ ...t }, secret)

export const verifyEvent = (event: NostrEvent): boolean => verify(event)
