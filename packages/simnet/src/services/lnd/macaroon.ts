import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'

/**
 * A version 2 macaroon in its binary form (libmacaroons / gopkg.in/macaroon.v2 layout):
 * location "lnd", the identifier, no caveats, and the HMAC-SHA256 signature chain.
 */
export function bakeMacaroon(rootKey: Uint8Array, identifier: Uint8Array): Uint8Array {
  const derivedKey = hmac(sha256, utf8ToBytes('macaroons-key-generator'), rootKey)
  const signature = hmac(sha256, derivedKey, identifier)
  const parts: number[] = [0x02]
  const field = (type: number, data: Uint8Array) => {
    parts.push(type, ...varint(data.length), ...data)
  }
  field(1, utf8ToBytes('lnd'))
  field(2, identifier)
  parts.push(0x00) // end of the header section
  parts.push(0x00) // end of the (empty) caveat list
  field(6, signature)
  return Uint8Array.from(parts)
}

function varint(n: number): number[] {
  const out: number[] = []
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80)
    n >>>= 7
  }
  out.push(n)
  return out
}
