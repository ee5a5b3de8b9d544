/**
 * Whether this browser holds a paired terminal, remembered for `index.html`'s route preloader
 * (`routePreload()` in apps/web/vite.config.ts): `/terminal` then fetches the keypad's chunks with the
 * entry, an unpaired terminal the pairing page's. Only a hint: a wrong one costs a few KB.
 */
export const TERMINAL_PAIRED_KEY = 'terminalPaired'

export function rememberTerminalPaired(isPaired: boolean): void {
  try {
    if (isPaired) localStorage.setItem(TERMINAL_PAIRED_KEY, '1')
    else localStorage.removeItem(TERMINAL_PAIRED_KEY)
  } catch {
    // storage blocked: the preloader guesses the keypad
  }
}
