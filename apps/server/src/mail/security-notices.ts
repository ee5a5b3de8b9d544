/**
 * Security notices (`security-notice` mail): what happened to an account goes to its own
 * address, what happened to a business goes to each of its owners, each in their language.
 * Always called inside the transaction of the change: the notice exists exactly when the change
 * was committed. A notice that cannot be queued fails the change (never swallowed).
 *
 * The data holds what a reader needs to recognise the event (a browser, a device's name, a
 * member's address, an amount, an IP address), never a token, secret or credential.
 */
import type { Db } from '../db/database'
import type { MailOutbox } from './outbox'
import { noticeRecipients } from './security-notices-repo'
import { mailLocale, type MailTemplateData, type SecurityEvent } from './templates'

type NoticeData = MailTemplateData['security-notice']

/** What a notice says beyond its event: what it names, where it came from, an amount. */
export interface NoticeDetails {
  subject?: string | null
  from?: string | null
  /** an amount in satoshis, written for each recipient in their language ("50,000 sats") */
  amountSat?: number | null
}

export interface SecurityNotices {
  /** Queues the notice to the account's own address, in its language. */
  toAccount(trx: Db, userId: string, event: SecurityEvent, details?: NoticeDetails): Promise<void>
  /** Queues the notice to every owner of the business, each in their language. */
  toOwners(
    trx: Db,
    businessId: string,
    event: SecurityEvent,
    details?: NoticeDetails,
  ): Promise<void>
}

/** An amount of satoshis as a reader of `locale` writes it: "50,000 sats", "50.000 sats". */
export function formatSats(amountSat: number, locale: string): string {
  return `${new Intl.NumberFormat(mailLocale(locale)).format(amountSat)} sats`
}

const SUBJECT_MAX = 200

export function createSecurityNotices(deps: {
  mail: Pick<MailOutbox, 'enqueueMail'>
  now?: () => Date
}): SecurityNotices {
  const now = deps.now ?? (() => new Date())

  function dataFor(
    event: SecurityEvent,
    locale: string,
    details: NoticeDetails,
    businessName?: string,
  ): NoticeData {
    const data: NoticeData = { event, at: now().toISOString() }
    if (businessName) data.businessName = businessName
    const subject = details.subject?.trim().slice(0, SUBJECT_MAX)
    if (subject) data.subject = subject
    if (details.from) data.from = details.from
    if (details.amountSat != null) data.amount = formatSats(details.amountSat, locale)
    return data
  }

  return {
    async toAccount(trx, userId, event, details = {}) {
      const user = await noticeRecipients.account(trx, userId)
      if (!user) throw new Error(`security notice ${event}: no account ${userId}`)
      await deps.mail.enqueueMail(trx, {
        to: user.email,
        locale: user.locale,
        template: 'security-notice',
        data: dataFor(event, user.locale, details),
      })
    },

    async toOwners(trx, businessId, event, details = {}) {
      const found = await noticeRecipients.owners(trx, businessId)
      if (!found) throw new Error(`security notice ${event}: no business ${businessId}`)
      for (const owner of found.owners) {
        await deps.mail.enqueueMail(trx, {
          to: owner.email,
          locale: owner.locale,
          template: 'security-notice',
          data: dataFor(event, owner.locale, details, found.businessName),
        })
      }
    },
  }
}
