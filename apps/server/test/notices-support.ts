/** Security notices as the outbox holds them: each mail's recipient, language and opened data. */
import { sealedAt } from '../src/lib/secrets'
import type { MailTemplateData } from '../src/mail/templates'
import type { TestEnv } from './harness'

export interface QueuedNotice {
  to: string
  locale: string
  data: MailTemplateData['security-notice']
}

/** The security notices queued (not sent: the server has no SMTP), oldest first. */
export async function noticesTo(env: TestEnv, ...addresses: string[]): Promise<QueuedNotice[]> {
  if (addresses.length === 0) return []
  const rows = await env.database.db
    .selectFrom('mailOutbox')
    .select(['id', 'toAddress', 'locale', 'dataSealed'])
    .where('template', '=', 'security-notice')
    .where('toAddress', 'in', addresses)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    to: r.toAddress,
    locale: r.locale,
    data: JSON.parse(
      env.services.secrets.open(r.dataSealed!, sealedAt.mailData(r.id)),
    ) as QueuedNotice['data'],
  }))
}

/** The events of the notices to these addresses, oldest first. */
export const eventsTo = async (env: TestEnv, ...addresses: string[]) =>
  (await noticesTo(env, ...addresses)).map((n) => n.data.event)
