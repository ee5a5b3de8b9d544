/** The public face of the channel deposit: its service (other modules use none of it yet). */
export type { DepositService } from './service'
