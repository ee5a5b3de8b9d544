import { Amount } from '@cashu/cashu-ts'
import { describe, expect, it } from 'vitest'
import { CashuCode, CashuError } from './errors'
import { createCashuLedger } from './index'
import { proofY } from './keysets'
import { splitPow2 } from './ledger'
import {
  MemoryPersistence,
  issueProofs,
  keysOf,
  memoryKeyRing,
  outputsFor,
  wireProofs,
} from './test-support'

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn()
  } catch (err) {
    if (err instanceof CashuError) return err.code
    throw err
  }
  return undefined
}

function setup(inputFeePpk = 0) {
  const persistence = new MemoryPersistence()
  const keys = memoryKeyRing('ledger-test')
  const { ledger } = createCashuLedger(keys, persistence, { inputFeePpk })
  return { persistence, keys, ledger }
}

describe('cashu keysets', () => {
  it('derives the same V2 keyset from the same seed, with power-of-two amounts', () => {
    const a = setup().ledger.keysets.active
    const b = setup().ledger.keysets.active
    expect(a.id).toBe(b.id)
    expect(a.id).toMatch(/^01[0-9a-f]{64}$/)
    expect(Object.keys(a.publicKeys).slice(0, 4)).toEqual(['1', '2', '4', '8'])
    expect(a.publicKeys['2147483648']).toMatch(/^0[23][0-9a-f]{64}$/)
  })

  it('keeps keysets across a restart and rotates when the fee setting changes', () => {
    const { persistence, keys, ledger } = setup(0)
    const first = ledger.keysets.active.id
    const again = createCashuLedger(keys, persistence.reopen(), {}).ledger
    expect(again.keysets.active.id).toBe(first)
    const rotated = createCashuLedger(keys, persistence.reopen(), { inputFeePpk: 250 }).ledger
    expect(rotated.keysets.active.id).not.toBe(first)
    expect(rotated.keysets.active.inputFeePpk).toBe(250)
    expect(rotated.keysets.get(first)?.active).toBe(false)
  })
})

describe('cashu swap', () => {
  it('swaps valid proofs for new signatures with DLEQ proofs the wallet verifies', () => {
    const { ledger } = setup()
    const proofs = issueProofs(ledger, 13)
    expect(proofs.map((p) => p.amount.toNumber())).toEqual([1, 4, 8])
    const keyset = ledger.keysets.active
    const { data, wire } = outputsFor(keyset, [1, 2, 2, 8])
    const sigs = ledger.swap(wireProofs(proofs), wire)
    const fresh = data.map((d, i) =>
      d.toProof({ ...sigs[i]!, amount: Amount.from(sigs[i]!.amount) }, keysOf(keyset)),
    )
    expect(fresh.every((p) => p.dleq?.e && p.dleq.s)).toBe(true)
    expect(ledger.checkState(proofs.map((p) => proofY(p.secret))).map((s) => s.state)).toEqual([
      'SPENT',
      'SPENT',
      'SPENT',
    ])
    expect(ledger.checkState(fresh.map((p) => proofY(p.secret)))[0]?.state).toBe('UNSPENT')
  })

  it('rejects a double spend with 11001, and the spent set survives a restart', () => {
    const { ledger, persistence, keys } = setup()
    const proofs = wireProofs(issueProofs(ledger, 4))
    ledger.swap(proofs, outputsFor(ledger.keysets.active, [4]).wire)
    expect(codeOf(() => ledger.swap(proofs, outputsFor(ledger.keysets.active, [4]).wire))).toBe(
      CashuCode.ALREADY_SPENT,
    )
    const restarted = createCashuLedger(keys, persistence.reopen()).ledger
    expect(
      codeOf(() => restarted.swap(proofs, outputsFor(restarted.keysets.active, [4]).wire)),
    ).toBe(CashuCode.ALREADY_SPENT)
  })

  it('rejects unbalanced swaps with 11005 and leaves the inputs unspent', () => {
    const { ledger } = setup()
    const proofs = issueProofs(ledger, 8)
    const code = codeOf(() =>
      ledger.swap(wireProofs(proofs), outputsFor(ledger.keysets.active, [8, 1]).wire),
    )
    expect(code).toBe(CashuCode.UNBALANCED)
    expect(ledger.checkState([proofY(proofs[0]!.secret)])[0]?.state).toBe('UNSPENT')
  })

  it('charges ceil(sum input_fee_ppk / 1000) per swap', () => {
    const { ledger } = setup(400)
    const proofs = wireProofs(issueProofs(ledger, 7)) // 3 inputs x 400 ppk = 1.2 -> 2 sat
    const keyset = ledger.keysets.active
    expect(codeOf(() => ledger.swap(proofs, outputsFor(keyset, [1, 2, 4]).wire))).toBe(
      CashuCode.UNBALANCED,
    )
    expect(codeOf(() => ledger.swap(proofs, outputsFor(keyset, [2, 4]).wire))).toBe(
      CashuCode.UNBALANCED,
    )
    expect(ledger.swap(proofs, outputsFor(keyset, [1, 4]).wire)).toHaveLength(2)
  })

  it('rejects forged signatures, unknown and inactive keysets, duplicates and re-signing', () => {
    const { ledger } = setup()
    const keyset = ledger.keysets.active
    const [proof] = wireProofs(issueProofs(ledger, 2))
    const forged = { ...proof!, secret: 'not-the-signed-secret' }
    expect(codeOf(() => ledger.swap([forged], outputsFor(keyset, [2]).wire))).toBe(
      CashuCode.VERIFICATION_FAILED,
    )
    const unknown = { ...proof!, id: '01' + 'ab'.repeat(32) }
    expect(codeOf(() => ledger.swap([unknown], outputsFor(keyset, [2]).wire))).toBe(
      CashuCode.UNKNOWN_KEYSET,
    )
    expect(codeOf(() => ledger.swap([proof!, proof!], outputsFor(keyset, [4]).wire))).toBe(
      CashuCode.DUPLICATE_INPUTS,
    )
    const out = outputsFor(keyset, [1]).wire[0]!
    expect(codeOf(() => ledger.swap([proof!], [out, out]))).toBe(CashuCode.DUPLICATE_OUTPUTS)
    const signedBefore = outputsFor(keyset, [2]).wire
    ledger.sign(signedBefore)
    expect(codeOf(() => ledger.swap([proof!], signedBefore))).toBe(CashuCode.OUTPUTS_ALREADY_SIGNED)
    ledger.keysets.rotate(0)
    expect(codeOf(() => ledger.swap([proof!], outputsFor(keyset, [2]).wire))).toBe(
      CashuCode.INACTIVE_KEYSET,
    )
    // proofs of an inactive keyset still spend into the active one
    expect(ledger.swap([proof!], outputsFor(ledger.keysets.active, [2]).wire)).toHaveLength(1)
  })

  it('reports pending proofs as PENDING and refuses to spend them with 11002', () => {
    const { ledger } = setup()
    const proofs = wireProofs(issueProofs(ledger, 1))
    const y = proofY(proofs[0]!.secret)
    ledger.reserve([y])
    expect(ledger.checkState([y])[0]).toEqual({ Y: y, state: 'PENDING', witness: null })
    expect(codeOf(() => ledger.swap(proofs, outputsFor(ledger.keysets.active, [1]).wire))).toBe(
      CashuCode.PENDING,
    )
    ledger.release([y])
    expect(ledger.checkState([y])[0]?.state).toBe('UNSPENT')
  })
})

describe('splitPow2', () => {
  it('splits into ascending powers of two', () => {
    expect(splitPow2(0)).toEqual([])
    expect(splitPow2(13)).toEqual([1, 4, 8])
    expect(splitPow2(900)).toEqual([4, 128, 256, 512])
  })
})
