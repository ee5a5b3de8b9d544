/**
 * Which screen this browser's terminal opens on, remembered for `index.html`'s route preloader
 * (`routePreload()` in apps/web/vite.config.ts) and for what the terminal asks the server first:
 * an unpaired terminal fetches the pairing page's chunks with the entry, a paired one with no
 * staff member signed in the staff sign-in's, one with a staff member the keypad's. Only a
 * hint: a wrong one costs a few KB.
 */
const TERMINAL_PAIRED_KEY = 'terminalPaired'

type TerminalScreen = 'pair' | 'staff' | 'keypad'

/** The stored value of each screen (`1`, the keypad, is what earlier versions stored). */
const STORED: Record<TerminalScreen, string | null> = { pair: null, staff: 'staff', keypad: '1' }

export function rememberTerminalScreen(screen: TerminalScreen): void {
  try {
    const value = STORED[screen]
    if (value === null) localStorage.removeItem(TERMINAL_PAIRED_KEY)
    else if (localStorage.getItem(TERMINAL_PAIRED_KEY) !== value) {
      localStorage.setItem(TERMINAL_PAIRED_KEY, value)
    }
  } catch {
    // storage blocked: the preloader guesses the keypad
  }
}

/** Whether this browser last held a paired terminal. */
export function isTerminalPairedHint(): boolean {
  try {
    return localStorage.getItem(TERMINAL_PAIRED_KEY) !== null
  } catch {
    return false
  }
}
