/**
 * What the take-payment keypad holds between charges: the keyed amount, its unit and the memo.
 * C clears the amount; a second C straight after clears the memo as well.
 */
import { applyKey, convertEntry, type AmountUnit, type KeypadKey } from './amount'

/** Two taps on C closer together than this count as a double tap. */
export const DOUBLE_TAP_MS = 500
export const MAX_MEMO_LENGTH = 200

export interface KeypadState {
  unit: AmountUnit
  entry: string
  memo: string
  /** When C was last pressed, to tell a double tap. */
  lastClearAt: number | null
}

export type KeypadAction =
  | { type: 'key'; key: KeypadKey; now: number }
  | { type: 'memo'; memo: string }
  /** Switches unit, converting what is keyed at this price. */
  | { type: 'switchUnit'; minorPerBtc: number }
  | { type: 'reset' }

export function initialKeypadState(unit: AmountUnit = 'fiat'): KeypadState {
  return { unit, entry: '', memo: '', lastClearAt: null }
}

export function keypadReducer(state: KeypadState, action: KeypadAction): KeypadState {
  switch (action.type) {
    case 'key': {
      if (action.key !== 'clear') {
        const entry = applyKey(state.entry, action.key, state.unit)
        return entry === state.entry && state.lastClearAt === null
          ? state
          : { ...state, entry, lastClearAt: null }
      }
      const isDoubleTap =
        state.lastClearAt !== null && action.now - state.lastClearAt <= DOUBLE_TAP_MS
      return {
        ...state,
        entry: '',
        memo: isDoubleTap ? '' : state.memo,
        lastClearAt: isDoubleTap ? null : action.now,
      }
    }
    case 'memo':
      return { ...state, memo: action.memo.slice(0, MAX_MEMO_LENGTH) }
    case 'switchUnit': {
      const unit: AmountUnit = state.unit === 'fiat' ? 'sat' : 'fiat'
      const entry = convertEntry(state.entry, state.unit, action.minorPerBtc)
      return { ...state, unit, entry, lastClearAt: null }
    }
    case 'reset':
      return { ...initialKeypadState(state.unit) }
  }
}
