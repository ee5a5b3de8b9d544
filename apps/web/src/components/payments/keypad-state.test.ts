import { describe, expect, it } from 'vitest'
import type { KeypadKey } from './amount'
import { DOUBLE_TAP_MS, initialKeypadState, keypadReducer, type KeypadState } from './keypad-state'

function press(state: KeypadState, key: KeypadKey, now = 0): KeypadState {
  return keypadReducer(state, { type: 'key', key, now })
}

const keyed: KeypadState = { ...initialKeypadState('fiat'), entry: '12.50', memo: 'Table 4' }

describe('the keypad', () => {
  it('clears the amount on C and keeps the memo', () => {
    const state = press(keyed, 'clear', 1000)
    expect(state.entry).toBe('')
    expect(state.memo).toBe('Table 4')
  })

  it('clears the memo too on a double tap of C', () => {
    const once = press(keyed, 'clear', 1000)
    expect(press(once, 'clear', 1000 + DOUBLE_TAP_MS - 1)).toMatchObject({ entry: '', memo: '' })
  })

  it('keeps the memo when the second C comes late or after another key', () => {
    const once = press(keyed, 'clear', 1000)
    expect(press(once, 'clear', 1000 + DOUBLE_TAP_MS + 1).memo).toBe('Table 4')
    const typedBetween = press(press(once, '5', 1100), 'clear', 1200)
    expect(typedBetween).toMatchObject({ entry: '', memo: 'Table 4' })
  })

  it('converts the keyed amount when switching to sats and back', () => {
    const sats = keypadReducer(keyed, { type: 'switchUnit', minorPerBtc: 5_000_000 })
    expect(sats).toMatchObject({ unit: 'sat', entry: '25000' })
    const fiat = keypadReducer(sats, { type: 'switchUnit', minorPerBtc: 5_000_000 })
    expect(fiat).toMatchObject({ unit: 'fiat', entry: '12.50' })
  })

  it('limits the memo to 200 characters', () => {
    const state = keypadReducer(keyed, { type: 'memo', memo: 'x'.repeat(250) })
    expect(state.memo).toHaveLength(200)
  })

  it('starts over after a payment, keeping the unit', () => {
    const sats = { ...keyed, unit: 'sat' as const, entry: '2100' }
    expect(keypadReducer(sats, { type: 'reset' })).toEqual(initialKeypadState('sat'))
  })
})
