/** What other modules may use of ecash: redeeming a token (the terminal takes ecash). */
export type { EcashService } from './service'
