/** What other modules may use of the price: reading it. */
export type { FiatCurrency, PriceService } from './service'
