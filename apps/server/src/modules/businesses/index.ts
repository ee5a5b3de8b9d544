/** What other modules may use of businesses: a business as a member sees it. */
export type { BusinessRow } from './repo'
export type { BusinessService } from './service'
export { MAX_BUSINESSES_PER_USER } from './service'
