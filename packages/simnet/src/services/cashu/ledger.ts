/**
 * The mint's ledger: checks inputs (proofs) and outputs (blinded messages), signs outputs, keeps
 * the spent and pending sets, and runs swaps (NUT-03) and state checks (NUT-07).
 */
import type { Persistence } from '../../world/api'
import { CashuCode, fail } from './errors'
import { proofY } from './keysets'
import type { KeysetRegistry, MintKeyset, WireBlindSignature } from './keysets'
import type { CashuState } from './state'
import type { TBlindedMessage, TProof } from './wire'

const MAX_INPUTS = 1000
const MAX_OUTPUTS = 1000

export interface CheckedInputs {
  ys: string[]
  /** sum of the input amounts */
  totalSat: number
  /** NUT-02 input fee */
  feeSat: number
}

export type ProofState = 'UNSPENT' | 'PENDING' | 'SPENT'

export class CashuLedger {
  /** Ys of proofs locked by an ongoing melt. */
  private readonly pending = new Set<string>()

  constructor(
    readonly keysets: KeysetRegistry,
    private readonly state: CashuState,
    private readonly persistence: Persistence,
  ) {}

  /** Verifies proofs for spending: known keysets, valid signatures, unspent, not pending. */
  checkInputs(inputs: TProof[]): CheckedInputs {
    if (inputs.length === 0) fail(CashuCode.BAD_REQUEST, 'no inputs provided')
    if (inputs.length > MAX_INPUTS) fail(CashuCode.MAX_INPUTS, `more than ${MAX_INPUTS} inputs`)
    const ys = inputs.map((p) => proofY(p.secret))
    if (new Set(ys).size !== ys.length)
      fail(CashuCode.DUPLICATE_INPUTS, 'duplicate inputs provided')
    const units = new Set<string>()
    let totalSat = 0
    for (const proof of inputs) {
      const keyset = this.knownKeyset(proof.id)
      units.add(keyset.unit)
      totalSat += proof.amount
    }
    if (units.size > 1) fail(CashuCode.MULTIPLE_UNITS, 'inputs have different units')
    for (const y of ys) {
      if (this.state.spent[y]) fail(CashuCode.ALREADY_SPENT, 'Token already spent.')
      if (this.pending.has(y)) fail(CashuCode.PENDING, 'Token is pending.')
    }
    for (const proof of inputs) {
      const keyset = this.knownKeyset(proof.id)
      if (!keyset.verify(proof.amount, proof.secret, proof.C)) {
        fail(CashuCode.VERIFICATION_FAILED, 'could not verify proofs.')
      }
    }
    return { ys, totalSat, feeSat: this.keysets.feeFor(inputs.map((p) => p.id)) }
  }

  /**
   * Verifies outputs to be signed: one active keyset, valid amounts, no duplicates, never signed
   * before. Blank outputs (NUT-08 change) carry no meaningful amount, so theirs is not checked.
   */
  checkOutputs(outputs: TBlindedMessage[], opts: { blank?: boolean } = {}): number {
    if (outputs.length === 0 && !opts.blank) fail(CashuCode.BAD_REQUEST, 'no outputs provided')
    if (outputs.length > MAX_OUTPUTS)
      fail(CashuCode.MAX_OUTPUTS, `more than ${MAX_OUTPUTS} outputs`)
    const bs = outputs.map((o) => o.B_.toLowerCase())
    if (new Set(bs).size !== bs.length) {
      fail(CashuCode.DUPLICATE_OUTPUTS, 'duplicate outputs provided')
    }
    let totalSat = 0
    for (const output of outputs) {
      const keyset = this.knownKeyset(output.id)
      if (!keyset.active) fail(CashuCode.INACTIVE_KEYSET, `keyset ${keyset.id} is inactive`)
      if (!opts.blank && !keyset.hasAmount(output.amount)) {
        fail(CashuCode.AMOUNT_OUT_OF_RANGE, `invalid output amount ${output.amount}`)
      }
      totalSat += output.amount
    }
    if (bs.some((b) => this.state.signed[b])) {
      fail(CashuCode.OUTPUTS_ALREADY_SIGNED, 'outputs have already been signed before.')
    }
    return opts.blank ? 0 : totalSat
  }

  /** Signs outputs (already checked), optionally imprinting new amounts (NUT-08 change). */
  sign(outputs: TBlindedMessage[], amounts?: number[]): WireBlindSignature[] {
    const signatures = outputs.map((o, i) => {
      const keyset = this.knownKeyset(o.id)
      return keyset.sign(amounts?.[i] ?? o.amount, o.B_)
    })
    outputs.forEach((o, i) => {
      const b = o.B_.toLowerCase()
      this.state.signed[b] = o.id
      const signature = signatures[i]
      if (signature) this.state.promises[b] = signature
    })
    this.persistence.save()
    return signatures
  }

  /**
   * NUT-09: the signatures this mint gave for any of `outputs` (the wallet regenerated them from
   * its seed), each with its output as signed. Outputs never signed are left out.
   */
  restore(outputs: TBlindedMessage[]): {
    outputs: TBlindedMessage[]
    signatures: WireBlindSignature[]
  } {
    if (outputs.length > MAX_OUTPUTS) {
      fail(CashuCode.MAX_OUTPUTS, `more than ${MAX_OUTPUTS} outputs`)
    }
    const found: TBlindedMessage[] = []
    const signatures: WireBlindSignature[] = []
    for (const output of outputs) {
      const signature = this.state.promises[output.B_.toLowerCase()]
      if (!signature) continue
      found.push({ id: signature.id, amount: signature.amount, B_: output.B_ })
      signatures.push(signature)
    }
    return { outputs: found, signatures }
  }

  /** NUT-03: sum(inputs) - fees == sum(outputs), then spend the inputs and sign the outputs. */
  swap(inputs: TProof[], outputs: TBlindedMessage[]): WireBlindSignature[] {
    const checked = this.checkInputs(inputs)
    const outputSat = this.checkOutputs(outputs)
    if (checked.totalSat - checked.feeSat !== outputSat) {
      fail(
        CashuCode.UNBALANCED,
        `inputs (${checked.totalSat}) - fees (${checked.feeSat}) vs outputs (${outputSat}) are not balanced.`,
      )
    }
    this.markSpent(inputs, checked.ys)
    return this.sign(outputs)
  }

  /** Locks proofs while a payment is in flight; they read PENDING until settled or released. */
  reserve(ys: string[]): void {
    for (const y of ys) this.pending.add(y)
  }

  release(ys: string[]): void {
    for (const y of ys) this.pending.delete(y)
  }

  markSpent(inputs: TProof[], ys: string[]): void {
    const at = Math.floor(Date.now() / 1000)
    inputs.forEach((proof, i) => {
      const y = ys[i]
      if (y === undefined) return
      const witness = proof.witness == null ? null : stringifyWitness(proof.witness)
      this.state.spent[y] = { at, witness }
      this.pending.delete(y)
    })
    this.persistence.save()
  }

  /** NUT-07: the state of each Y, in request order. */
  checkState(ys: string[]): { Y: string; state: ProofState; witness: string | null }[] {
    return ys.map((raw) => {
      const Y = raw.toLowerCase()
      const spent = this.state.spent[Y]
      if (spent) return { Y, state: 'SPENT', witness: spent.witness }
      return { Y, state: this.pending.has(Y) ? 'PENDING' : 'UNSPENT', witness: null }
    })
  }

  private knownKeyset(id: string): MintKeyset {
    const keyset = this.keysets.get(id)
    if (!keyset) fail(CashuCode.UNKNOWN_KEYSET, `keyset not found: ${id}`)
    return keyset
  }
}

function stringifyWitness(witness: string | Record<string, unknown>): string {
  return typeof witness === 'string' ? witness : JSON.stringify(witness)
}

/** Splits an amount into powers of two, smallest first (NUT-08 change, NUT-00 outputs). */
export function splitPow2(amount: number): number[] {
  const parts: number[] = []
  for (let bit = 1, rest = amount; rest > 0; bit *= 2) {
    if (rest % (bit * 2) !== 0) {
      parts.push(bit)
      rest -= bit
    }
  }
  return parts
}
