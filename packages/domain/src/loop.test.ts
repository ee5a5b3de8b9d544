import { describe, expect, it } from 'vitest'
import { autoloopState, toAutoloopReason, ZAutoloopSetup } from './loop'

describe('autoloop state', () => {
  it('is off, waiting for about the sats still to receive, or about to move funds', () => {
    const at = (localSat: number, enabled = true) =>
      autoloopState({ enabled, thresholdSat: 500_000, localSat, minSwapSat: 250_000 })
    expect(at(900_000, false)).toEqual({ state: 'not_enabled', receiveMoreSat: 0 })
    expect(at(700_000)).toEqual({ state: 'enabled', receiveMoreSat: 50_000 })
    expect(at(750_000)).toEqual({ state: 'about_to_activate', receiveMoreSat: 0 })
  })

  it("names loopd's reasons, and any it does not know as unknown", () => {
    expect(toAutoloopReason('AUTO_REASON_LIQUIDITY_OK')).toBe('LIQUIDITY_OK')
    expect(toAutoloopReason('AUTO_REASON_CUSTOM_CHANNEL_DATA')).toBe('UNKNOWN')
  })

  it('keeps the fee share and budget within bounds', () => {
    const setup = { destAddress: 'bcrt1q', thresholdSat: 0, budgetSat: 1, maxFeePercent: 2 }
    expect(ZAutoloopSetup.safeParse(setup).success).toBe(true)
    expect(ZAutoloopSetup.safeParse({ ...setup, maxFeePercent: 6 }).success).toBe(false)
    expect(ZAutoloopSetup.safeParse({ ...setup, budgetSat: 0 }).success).toBe(false)
  })
})
