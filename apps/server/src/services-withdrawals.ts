/** Sending money: withdrawals, and refunds (a refund is a withdrawal), through the consent policy. */
import type { ConsentService } from './modules/consent'
import { registerRefundJobs } from './modules/refunds/jobs'
import { createRefundPaymentsRepo } from './modules/refunds/payments-repo'
import { createRefundRepo } from './modules/refunds/repo'
import { createRefundService } from './modules/refunds/service'
import { createLnurlWithdraw } from './modules/refunds/withdraw-request'
import type { WalletProvider } from './wallets/wallet-provider'
import { followUpAtStart, registerWithdrawalJobs } from './modules/withdrawals/jobs'
import { createWithdrawalRepo, payoutDestination } from './modules/withdrawals/repo'
import { createWithdrawalService } from './modules/withdrawals/service'
import type { ServiceBase } from './services-base'

export function createWithdrawalServices(
  base: ServiceBase,
  given: { wallets: WalletProvider; consent: ConsentService },
) {
  const { deps } = base
  const withdrawalRepo = createWithdrawalRepo(deps.db, {
    // a payout's notice to the owners, when it is sent (its move to succeeded, once)
    onSent: (trx, row) =>
      base.notices.toOwners(trx, row.businessId, 'payout-sent', {
        amountSat: Number(row.amountSat),
        subject: payoutDestination(row.destination),
      }),
  })
  const withdrawals = createWithdrawalService({
    repo: withdrawalRepo,
    wallets: given.wallets,
    consent: given.consent,
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
    withdrawals,
    refunds,
    /** At start-up: payouts a crash left half-way are asked of their wallets (or resumed) now. */
    async followUpPayoutsAtStart() {
      const jobDeps = { repo: withdrawalRepo, service: withdrawals, log: deps.log }
      await followUpAtStart(jobDeps, deps.withdrawalJobs)
      await refunds.resume(0)
    },
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
