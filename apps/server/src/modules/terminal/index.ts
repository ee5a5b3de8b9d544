/** The terminal's services, built from what `services.ts` already has. */
import type { Db } from '../../db/database'
import type { PgEventBus } from '../../lib/pg-events'
import { createDeviceSettingsRepo } from '../devices/settings-repo'
import { createDeviceSettingsService } from '../devices/settings-service'
import type { EcashService } from '../ecash/service'
import type { PaymentRepo } from '../payments/repo'
import type { PaymentService } from '../payments/service'
import { createPosRepo } from '../pos/repo'
import type { PriceService } from '../price/service'
import { createTerminalEvents } from './events'
import { createTerminalRepo } from './repo'
import { createTerminalService } from './service'

export function createTerminalServices(deps: {
  db: Db
  payments: PaymentService
  paymentRepo: PaymentRepo
  bus: PgEventBus
  config: { appSecret: string; publicUrl: string }
  ecash: EcashService
  price: PriceService
}) {
  const repo = createTerminalRepo(deps.db)
  return {
    terminal: createTerminalService({
      repo,
      payments: deps.payments,
      paymentRepo: deps.paymentRepo,
      posRepo: createPosRepo(deps.db),
      ecash: deps.ecash,
      price: deps.price,
      settings: createDeviceSettingsService({ repo: createDeviceSettingsRepo(deps.db) }),
      appSecret: deps.config.appSecret,
      publicUrl: deps.config.publicUrl,
    }),
    terminalEvents: createTerminalEvents({ repo, paymentRepo: deps.paymentRepo, bus: deps.bus }),
  }
}
