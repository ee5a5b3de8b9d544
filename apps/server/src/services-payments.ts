/**
 * Taking payments: the price, every business's wallet (built by `wallets/factory.ts`, cached),
 * the watchers that follow wallets, the one payment flow and what is paid through it (ecash,
 * tips).
 */
import { createEcashRepo } from './modules/ecash/repo'
import { createEcashService } from './modules/ecash/service'
import { registerPaymentJobs } from './modules/payments/jobs'
import { createLeaseRepo } from './modules/payments/lease-repo'
import { createPaymentRepo } from './modules/payments/repo'
import { createPaymentService } from './modules/payments/service'
import { cachedWalletProvider } from './wallets/wallet-provider'
import { createWalletWatchers } from './modules/payments/watchers'
import { createPriceService, krakenPriceSource, spotPriceSource } from './modules/price/service'
import { createTipRepo } from './modules/tips/repo'
import { createTipService } from './modules/tips/service'
import type { ServiceBase } from './services-base'
import type { NodeService } from './modules/node/service'
import { createWalletForBusiness, walletCapabilities } from './wallets/factory'

export function createPaymentServices(base: ServiceBase, nodes: NodeService) {
  const { deps, externals } = base
  const price = createPriceService({
    sources: deps.priceSources ?? [
      krakenPriceSource(externals.exchangeBaseUrl),
      ...(externals.priceFallbackUrl ? [spotPriceSource(externals.priceFallbackUrl)] : []),
    ],
    log: deps.log,
  })
  const paymentRepo = createPaymentRepo(deps.db)
  const walletDeps = {
    connections: base.connections,
    nodes,
    nonces: base.nonces,
    relayPolicy: base.relayPolicy,
    options: { lnd: { network: deps.config.network } },
  }
  const capabilities = (businessId: string) => walletCapabilities(walletDeps, businessId)
  const wallets = cachedWalletProvider(
    deps.walletFactory ?? ((businessId) => createWalletForBusiness(walletDeps, businessId)),
  )
  const watchers = createWalletWatchers({
    repo: paymentRepo,
    leases: deps.leases ?? createLeaseRepo(deps.db),
    wallets,
    price,
    options: deps.watcherOptions,
    log: deps.log,
  })
  const payments = createPaymentService({
    repo: paymentRepo,
    wallets,
    watchers,
    price,
    bus: base.bus,
    log: deps.log,
  })
  registerPaymentJobs(base.jobs, { repo: paymentRepo, wallets, price, log: deps.log })
  return {
    price,
    wallets,
    walletCapabilities: capabilities,
    watchers,
    paymentRepo,
    payments,
    ecash: createEcashService({
      repo: createEcashRepo(deps.db, base.secrets),
      payments,
      acceptedMints: externals.acceptedMints,
      log: deps.log,
      jobs: base.jobs,
    }),
    tips: createTipService({
      repo: createTipRepo(deps.db),
      payments,
      capabilities,
      publicUrl: deps.config.publicUrl,
      pool: deps.pool,
      jobs: base.jobs,
      log: deps.log,
    }),
  }
}
