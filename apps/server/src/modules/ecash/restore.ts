/**
 * The platform's ecash wallet: its seed (BIP39 words, created once, sealed at rest), counters
 * reserved on a redemption's row before any output derived from them reaches the mint, and
 * restoring (NUT-09) what the mint signed for those counters.
 */
import type { CounterSource, Proof, Wallet } from '@cashu/cashu-ts'
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import type { EcashCounterRange } from '../../db/schema'
import type { EcashRepo } from './repo'

/**
 * The platform's wallet seed, read (or created) once per process. One seed for the platform,
 * not one per business: the proofs are the platform's until melted (held ecash is sealed with
 * the platform's key too), and one seed keeps one counter per mint keyset.
 */
export function platformSeed(repo: EcashRepo): () => Promise<Uint8Array> {
  let seed: Promise<Uint8Array> | null = null
  return () => {
    seed ??= repo
      .walletMnemonic(() => generateMnemonic(wordlist, 128))
      .then((words) => mnemonicToSeedSync(words))
    seed.catch(() => {
      seed = null
    })
    return seed
  }
}

/** Counters for one redemption: each range is written on its row before it is used. */
export function redemptionCounters(
  repo: EcashRepo,
  paymentId: string,
  mintUrl: string,
): CounterSource {
  return {
    reserve: (keysetId, n) => repo.reserveCounters(paymentId, mintUrl, keysetId, n),
    advanceToAtLeast: (keysetId, minNext) => repo.advanceCounter(mintUrl, keysetId, minNext),
  }
}

/**
 * What the mint signed for `ranges` (NUT-09), restored with the platform's seed, less what is
 * spent since: proofs the platform holds. Throws when the mint does not answer.
 */
export async function restoreUnspent(wallet: Wallet, ranges: EcashCounterRange[]) {
  const restored: Proof[] = []
  for (const r of ranges) {
    if (r.count === 0) continue
    const { proofs } = await wallet.restore(r.start, r.count, { keysetId: r.keysetId })
    restored.push(...proofs)
  }
  if (restored.length === 0) return []
  const states = await wallet.checkProofsStates(restored)
  return restored.filter((_, i) => states[i]?.state === 'UNSPENT')
}
