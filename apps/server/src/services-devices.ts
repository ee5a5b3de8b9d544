/**
 * The shop floor: paired devices and their settings, staff, the POS API and its webhooks, the
 * terminal, and end of day (shifts).
 */
import { createImageStore } from './modules/devices/image-store'
import { createDeviceRepo } from './modules/devices/repo'
import { createDeviceService } from './modules/devices/service'
import { createDeviceSettingsRepo } from './modules/devices/settings-repo'
import {
  createDeviceSettingsService,
  registerDeviceImageJobs,
} from './modules/devices/settings-service'
import type { EcashService } from './modules/ecash/service'
import type { PaymentRepo } from './modules/payments/repo'
import type { PaymentService } from './modules/payments/service'
import { createPosRepo } from './modules/pos/repo'
import { createPosService } from './modules/pos/service'
import { createWebhookRepo } from './modules/pos/webhook-repo'
import { createWebhooks, registerWebhookJobs } from './modules/pos/webhooks'
import type { PriceService } from './modules/price/service'
import { createShiftRepo } from './modules/shifts/repo'
import { createShiftService } from './modules/shifts/service'
import { createStaffLockRepo } from './modules/staff/lock-repo'
import { createStaffRepo } from './modules/staff/repo'
import { createStaffService } from './modules/staff/service'
import { createTerminalEvents } from './modules/terminal/events'
import { createTerminalRepo } from './modules/terminal/repo'
import { createTerminalService } from './modules/terminal/service'
import type { ServiceBase } from './services-base'

export function createDeviceServices(
  base: ServiceBase,
  given: {
    payments: PaymentService
    paymentRepo: PaymentRepo
    ecash: EcashService
    price: PriceService
  },
) {
  const { deps, jobs } = base
  const { payments, paymentRepo } = given
  const deviceSettings = createDeviceSettingsService({
    repo: createDeviceSettingsRepo(deps.db),
    store: createImageStore(deps.config.imageStore),
    log: deps.log,
  })
  registerDeviceImageJobs(jobs, deviceSettings, {
    intervalMs: deps.config.pollIntervals.cleanupMs,
    log: deps.log,
  })
  const devices = createDeviceService({
    repo: createDeviceRepo(deps.db),
    pairingOrigins: deps.config.pairingOrigins,
    notices: base.notices,
  })
  const webhooks = createWebhooks({
    repo: createWebhookRepo(deps.db),
    devices,
    paymentRepo,
    secrets: base.secrets,
    allowHttp: deps.config.isDemo,
    log: deps.log,
  })
  registerWebhookJobs(jobs, webhooks, Math.min(2_000, deps.config.pollIntervals.jobsMs * 2))
  const pos = createPosService({
    repo: createPosRepo(deps.db),
    devices,
    payments,
    paymentRepo,
    bus: base.bus,
    log: deps.log,
  })
  const terminalRepo = createTerminalRepo(deps.db)
  return {
    devices,
    deviceSettings,
    webhooks,
    pos,
    terminal: createTerminalService({
      repo: terminalRepo,
      payments,
      paymentRepo,
      pos,
      ecash: given.ecash,
      price: given.price,
      settings: deviceSettings,
      appSecret: deps.config.appSecret,
      publicUrl: deps.config.publicUrl,
    }),
    terminalEvents: createTerminalEvents({
      repo: terminalRepo,
      paymentRepo,
      bus: base.bus,
      log: deps.log,
    }),
    staff: createStaffService({
      repo: createStaffRepo(deps.db),
      locks: createStaffLockRepo(deps.db),
      secrets: base.secrets,
      pool: deps.pool,
    }),
    shifts: createShiftService(createShiftRepo(deps.db)),
  }
}
