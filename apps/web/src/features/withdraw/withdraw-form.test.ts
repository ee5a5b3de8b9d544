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
