/** What other modules may use of address screening: screening an address. */
export type { ScreeningService } from './service'
