import { accountRouter } from '../modules/account/router'
import { authRouter } from '../modules/auth/router'
import { businessesRouter } from '../modules/businesses/router'
import { ecashRouter } from '../modules/ecash/router'
import { onboardingRouter } from '../modules/onboarding/router'
import { operatorRouter } from '../modules/operator/router'
import { depositRouter } from '../modules/deposit/router'
import { nodeRouter } from '../modules/node/router'
import { loopRouter } from '../modules/loop/router'
import { walletDetailsRouter } from '../modules/wallet-details/router'
import { paymentsRouter } from '../modules/payments/router'
import { priceRouter } from '../modules/price/router'
import { salesRouter } from '../modules/sales/router'
import { systemRouter } from '../modules/system/router'
import { tipsRouter } from '../modules/tips/router'
import { withdrawalsRouter } from '../modules/withdrawals/router'
import { consentRouter } from '../modules/consent/router'
import { passkeysRouter } from '../modules/passkeys/router'
import { demoRouter } from '../modules/demo/router'
import { devicesRouter } from '../modules/devices/router'
import { deviceRouter } from '../modules/devices/device-router'
import { staffRouter } from '../modules/staff/router'
import { deviceSettingsRouter } from '../modules/devices/settings-router'
import { posRouter } from '../modules/pos/router'
import { terminalRouter } from '../modules/terminal/router'
import { refundsRouter } from '../modules/refunds/router'
import { shiftsRouter } from '../modules/shifts/router'
import { auditLogRouter } from '../modules/audit/router'
import { recoveryRouter } from '../modules/recovery/router'
import { teamRouter } from '../modules/team/router'
import { dailySummaryRouter } from '../modules/daily-summary/router'
import { apiKeysRouter } from '../modules/api-keys/router'
import { invoicesRouter } from '../modules/invoices/router'
import { invoiceWebhooksRouter } from '../modules/invoice-webhooks/router'
import { router } from './init'

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  recovery: recoveryRouter,
  account: accountRouter,
  businesses: businessesRouter,
  team: teamRouter,
  onboarding: onboardingRouter,
  operator: operatorRouter,
  node: nodeRouter,
  loop: loopRouter,
  walletDetails: walletDetailsRouter,
  deposit: depositRouter,
  sales: salesRouter,
  price: priceRouter,
  payments: paymentsRouter,
  ecash: ecashRouter,
  tips: tipsRouter,
  withdrawals: withdrawalsRouter,
  consent: consentRouter,
  passkeys: passkeysRouter,
  devices: devicesRouter,
  device: deviceRouter,
  staff: staffRouter,
  deviceSettings: deviceSettingsRouter,
  pos: posRouter,
  refunds: refundsRouter,
  shifts: shiftsRouter,
  terminal: terminalRouter,
  demo: demoRouter,
  auditLog: auditLogRouter,
  dailySummary: dailySummaryRouter,
  invoiceWebhooks: invoiceWebhooksRouter,
  apiKeys: apiKeysRouter,
  invoices: invoicesRouter,
})

export type AppRouter = typeof appRouter
