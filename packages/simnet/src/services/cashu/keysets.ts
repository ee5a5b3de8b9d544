/**
 * The mint's keysets (NUT-01/02): one private key per power-of-two amount, derived from the world
 * seed so the keys and keyset ids are the same after a restart. Signing (NUT-00 BDHKE with a
 * NUT-12 DLEQ proof) and proof verification use cashu-ts's mint-side crypto.
 */
import {
  createBlindSignature,
  createDLEQProof,
  createNewMintKeys,
  hashToCurve,
  pointFromHex,
  verifyUnblindedSignature,
} from '@cashu/cashu-ts'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { KeyRing } from '../../world/api'
import { CashuCode, fail } from './errors'

/** Amounts 1, 2, 4, ... 2^31 sat: the largest single proof is about 21 BTC. */
const KEYSET_ORDER = 32
export const UNIT = 'sat'

/** What is persisted about a keyset; its keys are re-derived from the seed and `index`. */
export interface KeysetConfig {
  index: number
  inputFeePpk: number
  active: boolean
}

export interface WireDleq {
  e: string
  s: string
}

export interface WireBlindSignature {
  id: string
  amount: number
  C_: string
  dleq: WireDleq
}

export class MintKeyset {
  readonly unit = UNIT
  private constructor(
    readonly id: string,
    readonly config: KeysetConfig,
    private readonly privateKeys: Map<number, Uint8Array>,
    readonly publicKeys: Record<string, string>,
  ) {}

  static derive(keys: KeyRing, config: KeysetConfig): MintKeyset {
    const seed = keys.bytes(`cashu:keyset:${config.index}`, 32)
    const pair = createNewMintKeys(KEYSET_ORDER, seed, {
      unit: UNIT,
      input_fee_ppk: config.inputFeePpk,
      versionByte: 1,
    })
    const privateKeys = new Map<number, Uint8Array>()
    const publicKeys: Record<string, string> = {}
    for (const [amount, priv] of Object.entries(pair.privKeys))
      privateKeys.set(Number(amount), priv)
    for (const [amount, pub] of Object.entries(pair.pubKeys)) publicKeys[amount] = bytesToHex(pub)
    return new MintKeyset(pair.keysetId, config, privateKeys, publicKeys)
  }

  get active(): boolean {
    return this.config.active
  }

  get inputFeePpk(): number {
    return this.config.inputFeePpk
  }

  hasAmount(amount: number): boolean {
    return this.privateKeys.has(amount)
  }

  /** Blind-signs `B_` for `amount` and proves (DLEQ) that the same key signed it. */
  sign(amount: number, blindedHex: string): WireBlindSignature {
    const key = this.privateKeys.get(amount)
    if (!key) fail(CashuCode.AMOUNT_OUT_OF_RANGE, `amount ${amount} is not in keyset ${this.id}`)
    const B_ = parsePoint(blindedHex, 'blinded message B_')
    const { C_ } = createBlindSignature(B_, key, this.id)
    const dleq = createDLEQProof(B_, key)
    return {
      id: this.id,
      amount,
      C_: C_.toHex(true),
      dleq: { e: bytesToHex(dleq.e), s: bytesToHex(dleq.s) },
    }
  }

  /** True when `C` is this keyset's signature on `secret` for `amount`. */
  verify(amount: number, secret: string, C: string): boolean {
    const key = this.privateKeys.get(amount)
    if (!key) return false
    let point
    try {
      point = pointFromHex(C)
    } catch {
      return false
    }
    const secretBytes = new TextEncoder().encode(secret)
    return verifyUnblindedSignature({ C: point, secret: secretBytes, id: this.id }, key)
  }

  keysJson(): {
    id: string
    unit: string
    active: boolean
    input_fee_ppk: number
    keys: Record<string, string>
  } {
    return { ...this.keysetJson(), keys: this.publicKeys }
  }

  keysetJson(): { id: string; unit: string; active: boolean; input_fee_ppk: number } {
    return { id: this.id, unit: this.unit, active: this.active, input_fee_ppk: this.inputFeePpk }
  }
}

/** Y = hash_to_curve(secret), the mint's spent-proof key (NUT-00, NUT-07), compressed hex. */
export function proofY(secret: string): string {
  return hashToCurve(new TextEncoder().encode(secret)).toHex(true)
}

function parsePoint(hex: string, what: string): ReturnType<typeof pointFromHex> {
  try {
    return pointFromHex(hex)
  } catch {
    fail(CashuCode.BAD_REQUEST, `invalid ${what}: not a secp256k1 point`)
  }
}

/** All keysets the mint has ever had; exactly one is active. */
export class KeysetRegistry {
  private readonly byId = new Map<string, MintKeyset>()
  private current: MintKeyset

  constructor(
    private readonly keys: KeyRing,
    private readonly configs: KeysetConfig[],
    inputFeePpk: number,
  ) {
    for (const config of configs) this.add(MintKeyset.derive(keys, config))
    const active = [...this.byId.values()].find((k) => k.active)
    this.current = active && active.inputFeePpk === inputFeePpk ? active : this.rotate(inputFeePpk)
  }

  private add(keyset: MintKeyset): MintKeyset {
    this.byId.set(keyset.id, keyset)
    return keyset
  }

  get active(): MintKeyset {
    return this.current
  }

  all(): MintKeyset[] {
    return [...this.byId.values()]
  }

  get(id: string): MintKeyset | undefined {
    return this.byId.get(id)
  }

  /** Retires the active keyset and starts a new one with fresh keys and the given fee. */
  rotate(inputFeePpk: number): MintKeyset {
    for (const config of this.configs) config.active = false
    const index = this.configs.reduce((max, c) => Math.max(max, c.index + 1), 0)
    const config: KeysetConfig = { index, inputFeePpk, active: true }
    this.configs.push(config)
    this.current = this.add(MintKeyset.derive(this.keys, config))
    return this.current
  }

  /** NUT-02: ceil(sum of the inputs' keyset input_fee_ppk / 1000). */
  feeFor(keysetIds: string[]): number {
    let ppk = 0
    for (const id of keysetIds) ppk += this.byId.get(id)?.inputFeePpk ?? 0
    return Math.floor((ppk + 999) / 1000)
  }
}
