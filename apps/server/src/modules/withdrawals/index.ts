/** What other modules may use of withdrawals: sending one (a refund is a withdrawal). */
export type { WithdrawalService } from './service'
