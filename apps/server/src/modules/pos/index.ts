/** What other modules may use of the POS API: its service (the terminal cancels as a till does). */
export type { PosService } from './service'
