import { describe, expect, it } from 'vitest'
import type { Balances } from './use-withdraw'
import { EMPTY_WITHDRAW_FIELDS, readWithdrawForm, withdrawRequest } from './withdraw-form'

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

const ownNode: Balances = {
  registeredOnly: false,
  lightningSat: 100_000,
  onchainSat: 200_000,
  reserveSat: 10_000,
  maxLightningSat: 99_000,
  canLightning: true,
  canOnchain: true,
  destinations: [],
}
const exchange: Balances = {
  ...ownNode,
  registeredOnly: true,
  canOnchain: false,
  destinations: [{ key: 'cold', rail: 'onchain', address: ADDRESS }],
}
const context = { balances: ownNode, network: 'simnet' as const, minorPerBtc: 5_000_000 }

describe('readWithdrawForm', () => {
  it('reads an amount typed in the business currency through the price, as other pages do', () => {
    const values = { ...EMPTY_WITHDRAW_FIELDS, destination: ADDRESS, unit: 'fiat' as const }
    // £12.50 at £50,000 a bitcoin
    expect(readWithdrawForm({ ...values, amountText: '12,50' }, context).amountSat).toBe(25_000)
    expect(readWithdrawForm({ ...values, amountText: '1,234.50' }, context).amountSat).toBe(
      2_469_000,
    )
    expect(readWithdrawForm({ ...values, amountText: 'twelve' }, context)).toMatchObject({
      amountSat: null,
      canReview: false,
    })
    const noPrice = readWithdrawForm(
      { ...values, amountText: '12' },
      { ...context, minorPerBtc: null },
    )
    expect(noPrice.amountSat).toBeNull()
  })

  it('says why an amount cannot be reviewed: not a number, a fraction of a sat, 0, under 1 sat', () => {
    const values = { ...EMPTY_WITHDRAW_FIELDS, destination: ADDRESS }
    const read = (amountText: string, unit: 'sat' | 'fiat' = 'sat') =>
      readWithdrawForm({ ...values, amountText, unit }, context)
    expect(read('')).toMatchObject({ amountProblem: null, canReview: false })
    expect(read('abc')).toMatchObject({
      amountSat: null,
      amountProblem: 'invalid',
      canReview: false,
    })
    expect(read('1.5')).toMatchObject({ amountProblem: 'fraction', canReview: false })
    expect(read('0')).toMatchObject({ amountProblem: 'zero', canReview: false })
    expect(read('00')).toMatchObject({ amountProblem: 'zero', canReview: false })
    expect(read('25 000')).toMatchObject({
      amountSat: 25_000,
      amountProblem: null,
      canReview: true,
    })
    expect(read('abc', 'fiat')).toMatchObject({ amountProblem: 'invalid', canReview: false })
    expect(read('0.00', 'fiat')).toMatchObject({ amountProblem: 'zero', canReview: false })
    // £0.01 at £50,000 a bitcoin is 20 sats; a price of £50,000,000,000 makes it less than 1
    expect(read('0.01', 'fiat')).toMatchObject({ amountSat: 20, amountProblem: null })
    expect(
      readWithdrawForm(
        { ...values, amountText: '0.01', unit: 'fiat' },
        { ...context, minorPerBtc: 5_000_000_000_000 },
      ),
    ).toMatchObject({ amountProblem: 'tooSmall', canReview: false })
    // an amount the invoice fixes, or a sweep, leaves what was typed aside
    expect(
      readWithdrawForm({ ...values, amountText: 'abc', sweepAll: true }, context).amountProblem,
    ).toBeNull()
  })

  it('asks for a custom fee rate before an on-chain withdrawal can be reviewed', () => {
    const values = { ...EMPTY_WITHDRAW_FIELDS, destination: ADDRESS, amountText: '20000' }
    expect(readWithdrawForm(values, context)).toMatchObject({ rail: 'onchain', canReview: true })
    const custom = { ...values, priority: 'custom' as const }
    expect(readWithdrawForm(custom, context).canReview).toBe(false)
    const typed = { ...custom, customRate: '12' }
    const reading = readWithdrawForm(typed, context)
    expect(reading.canReview).toBe(true)
    expect(withdrawRequest(typed, reading)).toEqual({
      destination: ADDRESS,
      amountSat: 20_000,
      priority: 'custom',
      feeRate: 12,
      sweepAll: false,
    })
  })

  it('sweeps without an amount', () => {
    const values = { ...EMPTY_WITHDRAW_FIELDS, destination: ADDRESS, sweepAll: true }
    const reading = readWithdrawForm(values, context)
    expect(reading).toMatchObject({ amountSat: null, canReview: true })
    expect(withdrawRequest(values, reading)).toMatchObject({ amountSat: null, sweepAll: true })
  })

  it('from an exchange, takes a registered destination and refuses a typed address', () => {
    const onExchange = { ...context, balances: exchange }
    expect(
      readWithdrawForm({ ...EMPTY_WITHDRAW_FIELDS, destination: 'cold' }, onExchange),
    ).toMatchObject({ registered: { key: 'cold' }, rail: 'onchain' })
    expect(
      readWithdrawForm({ ...EMPTY_WITHDRAW_FIELDS, destination: ADDRESS }, onExchange).detected,
    ).toEqual({ state: 'error', code: 'WITHDRAW_DESTINATION_NOT_REGISTERED' })
  })
})
