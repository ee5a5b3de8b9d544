/**
 * Mail, one way out: `enqueueMail(db, mail)` writes an outbox row in the caller's transaction
 * (so a mail exists exactly when what caused it was committed), and the `mail-outbox` job on
 * the job queue delivers due rows over SMTP (`delivery.ts`).
 *
 * The template's data holds links with single-use tokens in them: it is sealed with the app
 * secret (like every secret at rest) and erased once the mail is sent.
 */
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/database'
import { sealedAt, type SecretBox } from '../lib/secrets'
import { createOutboxRepo } from './outbox-repo'
import { mailLocale, type Mail } from './templates'

export type { Mail, MailTemplateData, MailTemplateName, SecurityEvent } from './templates'

/** The outbox as the rest of the server uses it. */
export interface MailOutbox {
  /**
   * Queues a mail in `db`, which may be a transaction: the mail goes out once, after it commits,
   * and never if it rolls back. The id of the outbox row (the mail's Message-ID is made of it).
   */
  enqueueMail(db: Db, mail: Mail): Promise<string>
}

export function createMailOutbox(secrets: SecretBox): MailOutbox {
  return {
    async enqueueMail(db, mail) {
      const to = mail.to.trim()
      if (!/^[^@\s]+@[^@\s]+$/.test(to)) throw new Error('a mail needs one recipient address')
      const id = randomUUID()
      await createOutboxRepo(db).insert({
        id,
        toAddress: to,
        locale: mailLocale(mail.locale),
        template: mail.template,
        dataSealed: secrets.seal(JSON.stringify(mail.data), sealedAt.mailData(id)),
      })
      return id
    },
  }
}
