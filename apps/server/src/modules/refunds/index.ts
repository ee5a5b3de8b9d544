/**
 * What other modules may use of refunds: how a refund stands and what reserves a payment's money
 * (in SQL), the staff procedure.
 */
export { REFUND_STATE_SQL, RESERVES_SQL } from './repo'
export { staffProcedure } from './staff-procedure'
export type { RefundService } from './service'
