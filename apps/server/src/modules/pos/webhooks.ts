/**
 * Webhooks to a till: when a payment its device took settles, the till's URL gets a POST with
 * the payment as JSON, signed with HMAC-SHA256 over `<timestamp>.<raw body>` under the webhook's
 * secret (shown once, kept sealed), the timestamp and the hex signature in headers. Deliveries
 * are rows (the dashboard's log); a recurring job on pg-boss makes them for new settlements and
 * sends the due ones, retrying a failed one with a doubling wait until it gives up.
 */
import { ZPosWebhookPayload, type PosWebhookEvent } from '@app/domain'
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import { newToken, type SecretBox, type SealedAt } from '../../lib/secrets'
import {
  createWebhookCaller,
  WEBHOOK_TIMEOUT_MS,
  type WebhookOutcome,
} from '../../lib/webhook-call'
import { WEBHOOK_SECRET_PREFIX } from '../../lib/webhook-signing'
import type { DeviceService } from '../devices'
import { type PaymentRepo, paymentView } from '../payments'
import { posPayment } from './service'
import type { WebhookRepo } from './webhook-repo'

const WEBHOOK_SWEEP_MS = 2_000
/** How calls are made and retried (the API documentation says so from these). */
export const WEBHOOK_DELIVERY = {
  maxAttempts: 8,
  firstRetryMs: 5_000,
  maxRetryMs: 60 * 60 * 1000,
  timeoutMs: WEBHOOK_TIMEOUT_MS,
} as const
const { maxAttempts: WEBHOOK_MAX_ATTEMPTS, timeoutMs: TIMEOUT_MS } = WEBHOOK_DELIVERY
const { firstRetryMs: FIRST_RETRY_MS, maxRetryMs: MAX_RETRY_MS } = WEBHOOK_DELIVERY

const sealedAt = (deviceId: string): SealedAt => ({
  table: 'pos_webhooks',
  column: 'secret_sealed',
  id: deviceId,
})

function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
}

export function createWebhooks(deps: {
  repo: WebhookRepo
  devices: DeviceService
  paymentRepo: PaymentRepo
  secrets: SecretBox
  /** plain http and local addresses allowed (the demo and tests); otherwise public https only */
  allowHttp: boolean
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo } = deps
  // Outside demo mode a delivery connects to public addresses only, whatever the name says now.
  const caller = createWebhookCaller({ allowHttp: deps.allowHttp, timeoutMs: TIMEOUT_MS })

  async function requireDevice(businessId: string, deviceId: string) {
    const devices = await deps.devices.list(businessId)
    if (!devices.some((d) => d.id === deviceId)) {
      throw new DomainError('NOT_FOUND', 'Device not found')
    }
  }

  async function deliver(d: Awaited<ReturnType<WebhookRepo['claimDue']>>[number]) {
    let outcome: WebhookOutcome
    try {
      const row = await deps.paymentRepo.find(d.businessId, d.paymentId)
      if (!row) throw new Error('payment not found')
      const body = JSON.stringify(
        ZPosWebhookPayload.parse({
          event: d.event as PosWebhookEvent,
          deliveryId: d.id,
          payment: posPayment(paymentView(row), row.orderReference),
        }),
      )
      const secret = deps.secrets.open(d.secretSealed, sealedAt(d.deviceId))
      outcome = await caller.call(d.url, secret, body)
    } catch (err) {
      outcome = {
        delivered: false,
        statusCode: null,
        error: err instanceof Error ? err.message.slice(0, 200) : 'failed',
      }
    }
    const attempts = d.attempts + 1
    const retry =
      outcome.delivered || attempts >= WEBHOOK_MAX_ATTEMPTS ? null : retryDelayMs(attempts)
    await repo.recordAttempt(d.id, outcome, retry)
  }

  return {
    /** Sets the device's webhook; its signing secret is given once. */
    async set(businessId: string, deviceId: string, url: string) {
      await requireDevice(businessId, deviceId)
      await caller.checkUrl(url)
      const secret = `${WEBHOOK_SECRET_PREFIX}${newToken(32)}`
      await repo.set(businessId, deviceId, url, deps.secrets.seal(secret, sealedAt(deviceId)))
      return { url, secret }
    },

    async remove(businessId: string, deviceId: string) {
      if (!(await repo.remove(businessId, deviceId))) {
        throw new DomainError('NOT_FOUND', 'This device has no webhook')
      }
      return { ok: true as const }
    },

    list: (businessId: string) => repo.list(businessId),
    deliveries: (businessId: string) => repo.deliveries(businessId),

    /** One run: deliveries for new settlements, then the due ones sent. */
    async sweep(): Promise<void> {
      await repo.enqueueSettled()
      await repo.dropOrphans()
      const due = await repo.claimDue(20, TIMEOUT_MS * 3)
      await Promise.all(due.map((d) => deliver(d)))
    },
  }
}

export type Webhooks = ReturnType<typeof createWebhooks>

export function registerWebhookJobs(
  jobs: JobQueue,
  webhooks: Webhooks,
  intervalMs = WEBHOOK_SWEEP_MS,
) {
  jobs.every('pos-webhooks', intervalMs, () => webhooks.sweep())
}
