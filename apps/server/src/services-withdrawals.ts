/** Sending money: address screening, withdrawals, and refunds (a refund is a withdrawal). */
import type { AuthService } from './modules/auth/service'
import { registerRefundJobs } from './modules/refunds/jobs'
import { createRefundPaymentsRepo } from './modules/refunds/payments-repo'
import { createRefundRepo } from './modules/refunds/repo'
import { createRefundService } from './modules/refunds/service'
import { createLnurlWithdraw } from './modules/refunds/withdraw-request'
import { sanctionsApiProvider, unconfiguredProvider } from './modules/screening/provider'
import { createScreeningRepo } from './modules/screening/repo'
import { createScreeningService } from './modules/screening/service'
import type { WalletProvider } from './modules/payments/wallet-provider'
import { registerWithdrawalJobs } from './modules/withdrawals/jobs'
import { createWithdrawalRepo } from './modules/withdrawals/repo'
import { createWithdrawalService } from './modules/withdrawals/service'
import type { ServiceBase } from './services-base'

export function createWithdrawalServices(
  base: ServiceBase,
  given: { wallets: WalletProvider; auth: AuthService },
) {
  const { deps } = base
  const screeningRepo = createScreeningRepo(deps.db)
  const screening = createScreeningService({
    repo: screeningRepo,
    provider: base.externals.screening
      ? sanctionsApiProvider(base.externals.screening)
      : unconfiguredProvider,
    log: deps.log,
  })
  const withdrawalRepo = createWithdrawalRepo(deps.db)
  const withdrawals = createWithdrawalService({
    repo: withdrawalRepo,
    wallets: given.wallets,
    screening,
    auth: given.auth,
    bus: base.bus,
    network: deps.config.network,
    log: deps.log,
  })
  registerWithdrawalJobs(
    base.jobs,
    { repo: withdrawalRepo, service: withdrawals, log: deps.log },
    deps.withdrawalJobs,
  )
  const refundRepo = createRefundRepo(deps.db)
  const refunds = createRefundService({
    repo: refundRepo,
    payments: createRefundPaymentsRepo(deps.db),
    withdrawals,
    publicUrl: deps.config.publicUrl,
    network: deps.config.network,
    log: deps.log,
  })
  registerRefundJobs(base.jobs, refunds)
  return {
    screening,
    screeningRepo,
    withdrawals,
    refunds,
    lnurlWithdraw: createLnurlWithdraw({
      repo: refundRepo,
      refunds,
      network: deps.config.network,
      publicUrl: deps.config.publicUrl,
      pool: deps.pool,
      log: deps.log,
    }),
  }
}
