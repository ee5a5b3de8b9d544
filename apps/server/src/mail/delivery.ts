/**
 * Delivers the outbox (`outbox.ts`) over SMTP with nodemailer: a recurring job on the job queue
 * (one run at a time in the whole cluster) takes due rows, renders each in its recipient's
 * language and sends it.
 *
 * - **Nothing lost:** a row is claimed by moving its next attempt a lease ahead (committed before
 *   the SMTP conversation); a server that dies while sending leaves the row to be taken again when
 *   the lease runs out. A refused or failed attempt is retried with a growing wait, up to
 *   `maxAttempts`; a permanent refusal (an SMTP 5xx reply) ends at once. A mail given up on keeps
 *   its row, `failed_at` and the last error, for the operator.
 * - **Nothing sent twice:** a row is marked sent (and its data erased) in the statement right
 *   after the SMTP server accepted it. The one window left, a crash between the server's accept
 *   and that statement, sends the mail again after the lease: we prefer a possible duplicate to a
 *   lost password reset. The duplicate carries the same Message-ID (made of the row's id), which
 *   mail services use to recognise and drop it (docs/decisions.md).
 */
import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { Db } from '../db/database'
import type { JobQueue } from '../jobs/jobs'
import { sealedAt, type SecretBox } from '../lib/secrets'
import { createOutboxRepo, type ClaimedMail } from './outbox-repo'
import { renderMail, type MailTemplateName } from './templates'

export const MAIL_JOB = 'mail-outbox'

export interface DeliveryOptions {
  /** attempts before a mail is given up on; default 8 (about four hours of retries) */
  maxAttempts?: number
  /** the wait after the first failed attempt, doubled after each; default 60 s */
  retryBaseMs?: number
  /** how long a claimed mail is held before another run may take it; default 5 minutes */
  leaseMs?: number
  /** mails taken per run; default 20 */
  batch?: number
}

export interface MailSettings {
  smtpUrl: string
  /** the From: header, e.g. `Shop Pay <no-reply@shop.example>` */
  from: string
  brand: string
}

/** The domain of the From: address, for Message-IDs. */
export function mailDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  return address.split('@')[1]?.trim() || 'localhost'
}

/** An SMTP reply that says never (5xx), as opposed to not now (4xx, a connection failure). */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export function createTransport(smtpUrl: string): Transporter {
  // nodemailer's options type has no `url`, which its SMTP transport reads
  const options = {
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as unknown as SMTPTransport.Options
  return nodemailer.createTransport(options)
}

export function createMailDelivery(deps: {
  db: Db
  secrets: SecretBox
  settings: MailSettings
  transport?: Transporter
  options?: DeliveryOptions
  log?: (msg: string, err?: unknown) => void
}) {
  const { db, secrets, settings } = deps
  const transport = deps.transport ?? createTransport(settings.smtpUrl)
  const maxAttempts = deps.options?.maxAttempts ?? 8
  const retryBaseMs = deps.options?.retryBaseMs ?? 60_000
  const leaseMs = deps.options?.leaseMs ?? 5 * 60_000
  const batch = deps.options?.batch ?? 20
  const domain = mailDomain(settings.from)
  const repo = createOutboxRepo(db)

  async function deliver(row: ClaimedMail): Promise<void> {
    try {
      if (row.dataSealed === null) throw new Error('the mail has no data')
      const data: unknown = JSON.parse(secrets.open(row.dataSealed, sealedAt.mailData(row.id)))
      const rendered = renderMail(
        { template: row.template as MailTemplateName, locale: row.locale, data },
        { brand: settings.brand },
      )
      await transport.sendMail({
        from: settings.from,
        to: row.toAddress,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<${row.id}@${domain}>`,
        headers: { 'Content-Language': row.locale, 'Auto-Submitted': 'auto-generated' },
      })
    } catch (err) {
      const giveUp = isPermanent(err) || row.attempts >= maxAttempts
      const wait = retryBaseMs * 2 ** Math.max(0, row.attempts - 1)
      const message = err instanceof Error ? err.message.slice(0, 500) : String(err)
      await repo.markNotSent(row.id, message, giveUp ? null : wait)
      deps.log?.(`mail ${row.id} (${row.template}) ${giveUp ? 'given up' : 'not sent yet'}`, err)
      return
    }
    // accepted: marked sent at once, and the data (its links) erased
    await repo.markSent(row.id)
  }

  return {
    /** Sends the mails that are due; how many were taken. */
    async deliverDue(signal?: AbortSignal): Promise<number> {
      let taken = 0
      for (;;) {
        const rows = await repo.claimDue(batch, leaseMs)
        for (const row of rows) await deliver(row)
        taken += rows.length
        if (rows.length < batch || signal?.aborted) return taken
      }
    },
    close: () => transport.close(),
  }
}

export type MailDelivery = ReturnType<typeof createMailDelivery>

/** The recurring job that delivers the outbox, checked every `intervalMs`. */
export function registerMailJob(jobs: JobQueue, delivery: MailDelivery, intervalMs: number): void {
  jobs.every(MAIL_JOB, intervalMs, async (signal) => {
    await delivery.deliverDue(signal)
  })
}
