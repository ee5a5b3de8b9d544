import { describe, expect, it } from 'vitest'
import { onchainStage } from './onchain-stage'

describe('the stage of an on-chain payment', () => {
  it('waits on an unused address, receives once a transaction is seen, then is confirmed', () => {
    expect(onchainStage({ status: 'pending', txid: null })).toBe('unused')
    expect(onchainStage({ status: 'pending', txid: 'ab12' })).toBe('receiving')
    expect(onchainStage({ status: 'processing', txid: 'ab12' })).toBe('receiving')
    expect(onchainStage({ status: 'settled', txid: 'ab12' })).toBe('confirmed')
  })

  it('has no stage once the payment expired or failed', () => {
    expect(onchainStage({ status: 'expired', txid: null })).toBeNull()
    expect(onchainStage({ status: 'failed', txid: null })).toBeNull()
  })
})
