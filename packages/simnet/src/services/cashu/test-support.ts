/**
 * In-memory KeyRing and Persistence for the ledger's unit tests (the real ones live in world/).
 * Persistence round-trips through JSON like the world file does, so a "restart" is honest.
 */
import { Amount, OutputData, type Proof } from '@cashu/cashu-ts'
import { sha256 } from '@noble/hashes/sha2.js'
import type { KeyRing, Persistence } from '../../world/api'
import { startSimnet } from '../../server'
import type { SimWorld } from '../../world/index'
import { MINT_PREFIX } from './index'
import type { MintKeyset } from './keysets'
import type { CashuLedger } from './ledger'
import { splitPow2 } from './ledger'

export function memoryKeyRing(seed: string): KeyRing {
  const bytes = (label: string, length: number): Uint8Array => {
    const out = new Uint8Array(length)
    for (let i = 0, off = 0; off < length; i++, off += 32) {
      out.set(sha256(new TextEncoder().encode(`${seed}/${label}/${i}`)).slice(0, length - off), off)
    }
    return out
  }
  return { privateKey: (label) => bytes(`key:${label}`, 32), bytes }
}

export class MemoryPersistence implements Persistence {
  saved = '{}'
  private sections: Record<string, object> = {}

  section<T extends object>(name: string, init: () => T): T {
    const existing = this.sections[name] as T | undefined
    if (existing) return existing
    const fromDisk = (JSON.parse(this.saved) as Record<string, T>)[name]
    const value = fromDisk ?? init()
    this.sections[name] = value
    return value
  }

  save(): void {
    this.saved = JSON.stringify(this.sections)
  }

  /** Kept in the snapshot itself: this store has no journal. */
  journal(): void {
    this.save()
  }

  /** A fresh Persistence reading what this one last saved, as after a restart. */
  reopen(): MemoryPersistence {
    const next = new MemoryPersistence()
    next.saved = this.saved
    return next
  }
}

export function keysOf(keyset: MintKeyset): {
  id: string
  unit: string
  keys: Record<string, string>
} {
  return { id: keyset.id, unit: keyset.unit, keys: keyset.publicKeys }
}

/** Blinded outputs for `amounts` (wallet side, cashu-ts), with the data to unblind them. */
export function outputsFor(keyset: MintKeyset, amounts: number[]) {
  const data = amounts.map((a) => OutputData.createSingleRandomData(a, keyset.id))
  const wire = data.map((d) => ({
    id: d.blindedMessage.id,
    amount: d.blindedMessage.amount.toNumber(),
    B_: d.blindedMessage.B_,
  }))
  return { data, wire }
}

/** Issues proofs straight from the ledger (as a paid mint quote would) and unblinds them. */
export function issueProofs(ledger: CashuLedger, amountSat: number): Proof[] {
  const keyset = ledger.keysets.active
  const { data, wire } = outputsFor(keyset, splitPow2(amountSat))
  ledger.checkOutputs(wire)
  const sigs = ledger.sign(wire)
  return data.map((d, i) => {
    const sig = sigs[i]
    if (!sig) throw new Error('the mint returned fewer signatures than outputs')
    return d.toProof({ ...sig, amount: Amount.from(sig.amount) }, keysOf(keyset))
  })
}

/** Proofs as a wallet sends them on the wire. */
export function wireProofs(proofs: Proof[]) {
  return proofs.map((p) => ({ id: p.id, amount: p.amount.toNumber(), secret: p.secret, C: p.C }))
}

export interface MintHarness {
  world: SimWorld
  baseUrl: string
  mintUrl: string
  close(): Promise<void>
  /** Closes everything and starts again from the same data folder and port. */
  restart(): Promise<MintHarness>
}

/** The whole simnet server on 127.0.0.1, the mint under /cashu. */
export async function startMintHarness(dataDir: string, port = 0): Promise<MintHarness> {
  const sim = await startSimnet({ port, dataDir, mineIntervalMs: 0 })
  return {
    world: sim.world,
    baseUrl: sim.url,
    mintUrl: `${sim.url}${MINT_PREFIX}`,
    close: () => sim.close(),
    restart: async () => {
      await sim.close()
      // let pooled client sockets see the close before the next request reuses them
      await new Promise((resolve) => setTimeout(resolve, 50))
      return startMintHarness(dataDir, Number(new URL(sim.url).port))
    },
  }
}
