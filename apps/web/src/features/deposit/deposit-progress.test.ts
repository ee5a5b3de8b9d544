import { describe, expect, it } from 'vitest'
import { depositStages, minutesToConfirm, remainingSat } from './deposit-progress'

const unused = {
  status: 'unused' as const,
  confirmations: 0,
  requiredConfirmations: 3,
  amountSat: 500_000,
  receivedSat: 0,
  channel: { state: 'waiting_for_deposit' as const, error: null },
}

describe('depositStages', () => {
  it('waits for the payment first', () => {
    expect(depositStages(unused)).toEqual({
      payment: 'current',
      confirmations: 'upcoming',
      channel: 'upcoming',
      ready: 'upcoming',
    })
  })

  it('counts confirmations once the payment is seen, then opens the channel', () => {
    const receiving = {
      ...unused,
      status: 'receiving' as const,
      confirmations: 1,
      receivedSat: 500_000,
    }
    expect(depositStages(receiving).confirmations).toBe('current')
    const opening = {
      ...receiving,
      status: 'confirmed' as const,
      confirmations: 3,
      channel: { state: 'opening' as const, error: null },
    }
    expect(depositStages(opening)).toEqual({
      payment: 'done',
      confirmations: 'done',
      channel: 'current',
      ready: 'upcoming',
    })
    expect(depositStages({ ...opening, channel: { state: 'open', error: null } }).ready).toBe(
      'done',
    )
  })

  it('keeps waiting for the payment while only part of the amount came', () => {
    const partial = {
      ...unused,
      status: 'receiving' as const,
      confirmations: 1,
      receivedSat: 100_000,
    }
    expect(depositStages(partial).payment).toBe('current')
    expect(depositStages(partial).confirmations).toBe('upcoming')
  })

  it('marks the channel stage when opening failed or needs manual processing', () => {
    const confirmed = { ...unused, status: 'confirmed' as const, confirmations: 3 }
    expect(
      depositStages({ ...confirmed, channel: { state: 'failed', error: 'no route' } }).channel,
    ).toBe('failed')
    expect(depositStages({ ...confirmed, channel: { state: 'manual', error: null } }).channel).toBe(
      'manual',
    )
  })
})

describe('remainingSat', () => {
  it('is what is still missing after a partial payment', () => {
    expect(remainingSat({ ...unused, receivedSat: 200_000 })).toBe(300_000)
    expect(remainingSat(unused)).toBeUndefined()
    expect(remainingSat({ ...unused, receivedSat: 600_000 })).toBeUndefined()
  })
})

describe('minutesToConfirm', () => {
  it('allows about ten minutes per missing block', () => {
    expect(minutesToConfirm({ ...unused, confirmations: 1 })).toBe(20)
    expect(minutesToConfirm({ ...unused, confirmations: 5 })).toBe(0)
  })
})
