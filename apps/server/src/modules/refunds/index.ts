/** What other modules may use of refunds: what reserves a payment's money, the staff procedure. */
export { RESERVES_SQL } from './repo'
export { staffProcedure } from './staff-procedure'
export type { RefundService } from './service'
