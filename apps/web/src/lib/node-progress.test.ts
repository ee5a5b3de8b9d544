import { describe, expect, it } from 'vitest'
import { nodeProgress, stepState, type NodeProgressInput } from './node-progress'

const base: NodeProgressInput = {
  exists: true,
  hostState: 'searching',
  isInitialised: false,
  syncedToChain: false,
  isReady: false,
}

describe('nodeProgress', () => {
  it.each([
    ['searching', 'searching'],
    ['waiting_for_approval', 'waitingForApproval'],
    ['provisioning', 'provisioning'],
    ['waiting_for_initialisation', 'waitingForInitialisation'],
    ['starting', 'starting'],
    ['syncing', 'syncing'],
  ] as const)('shows host state %s as the step %s', (hostState, step) => {
    expect(nodeProgress({ ...base, hostState })).toEqual({ current: step, notice: undefined })
  })

  it('counts a running node as syncing until it has caught up with the chain, then getting ready', () => {
    const running = { ...base, hostState: 'running' as const, isInitialised: true }
    expect(nodeProgress(running).current).toBe('syncing')
    expect(nodeProgress({ ...running, syncedToChain: true }).current).toBe('ready')
    expect(nodeProgress({ ...running, syncedToChain: true, isReady: true }).current).toBeUndefined()
  })

  it('keeps the steps where they were and names a state off the path', () => {
    expect(nodeProgress({ ...base, hostState: 'failed' })).toEqual({
      current: 'provisioning',
      notice: 'failed',
    })
    expect(nodeProgress({ ...base, hostState: 'restarting', isInitialised: true })).toEqual({
      current: 'starting',
      notice: 'restarting',
    })
  })

  it('starts at searching while no node exists or the host has said nothing yet', () => {
    expect(nodeProgress({ ...base, exists: false }).current).toBe('searching')
    expect(nodeProgress({ ...base, hostState: null }).current).toBe('searching')
  })
})

describe('stepState', () => {
  it('marks earlier steps done and later ones upcoming', () => {
    expect(stepState('searching', 'provisioning')).toBe('done')
    expect(stepState('provisioning', 'provisioning')).toBe('current')
    expect(stepState('ready', 'provisioning')).toBe('upcoming')
    expect(stepState('ready', undefined)).toBe('done')
  })
})
