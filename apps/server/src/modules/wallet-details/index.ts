/** What other modules may use of wallet details: checking exchange keys and an NWC connection. */
export { verifyExchangeKey, verifyNwcUrl } from './verify'
export type { WalletDetailsService } from './service'
