/** What the terminal's frame knows and its screens read: the connection and the till's payment. */
import { createContext, useContext } from 'react'

interface TerminalState {
  /** false while the live connection to the server is lost */
  isConnected: boolean
  /** the payment a till opened for this device (kiosk), as the server last told */
  tillPaymentId: string | null
}

export const TerminalContext = createContext<TerminalState>({
  isConnected: true,
  tillPaymentId: null,
})

export const useTerminalState = () => useContext(TerminalContext)
