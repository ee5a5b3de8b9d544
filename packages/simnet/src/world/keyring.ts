import { createHmac } from 'node:crypto'
import { sha256 } from '@noble/hashes/sha2.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import type { KeyRing } from './api'

/** Keys and bytes derived from the world seed with HMAC-SHA256, so a seed replays the same world. */
export function createKeyRing(seed: string): KeyRing {
  const seedKey = sha256(utf8ToBytes(`simnet-seed:${seed}`))
  const cache = new Map<string, Uint8Array>()

  function expand(label: string, length: number): Uint8Array {
    const out = new Uint8Array(length)
    let offset = 0
    for (let counter = 0; offset < length; counter++) {
      // Node's native HMAC-SHA256: invoices need two of these each, so speed matters here.
      const block = createHmac('sha256', seedKey).update(`${label}#${counter}`).digest()
      out.set(block.subarray(0, Math.min(block.length, length - offset)), offset)
      offset += block.length
    }
    return out
  }

  return {
    privateKey(label) {
      const hit = cache.get(label)
      if (hit) return hit.slice()
      for (let attempt = 0; ; attempt++) {
        const candidate = expand(`key:${label}:${attempt}`, 32)
        if (secp256k1.utils.isValidSecretKey(candidate)) {
          cache.set(label, candidate)
          return candidate.slice()
        }
      }
    },
    bytes: (label, length) => expand(`bytes:${label}`, length),
  }
}
