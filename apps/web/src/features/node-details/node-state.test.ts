import { describe, expect, it } from 'vitest'
import { nodeState } from './node-state'

const base = {
  exists: true,
  hostState: 'running' as const,
  walletState: 'SERVER_ACTIVE' as const,
  isInitialised: true,
  syncedToChain: true,
  isReady: true,
}

describe('nodeState', () => {
  it('names each state of the host and of lnd', () => {
    expect(nodeState({ ...base, exists: false, hostState: null, walletState: null })).toBe(
      'searching',
    )
    expect(nodeState(base)).toBe('ready')
    expect(nodeState({ ...base, isReady: false, syncedToChain: false })).toBe('syncing')
    expect(nodeState({ ...base, isReady: false })).toBe('running')
    expect(nodeState({ ...base, isReady: false, walletState: 'RPC_ACTIVE' })).toBe('starting')
    expect(nodeState({ ...base, isReady: false, hostState: 'locked', walletState: 'LOCKED' })).toBe(
      'locked',
    )
    expect(nodeState({ ...base, isReady: false, hostState: 'updating', walletState: null })).toBe(
      'updating',
    )
    expect(
      nodeState({ ...base, isReady: false, hostState: 'waiting_for_approval', walletState: null }),
    ).toBe('waitingForApproval')
    expect(nodeState({ ...base, isReady: false, hostState: null, walletState: null })).toBe(
      'notReady',
    )
    expect(nodeState({ ...base, isReady: false, walletState: null })).toBe('notReady')
  })
})
