/**
 * Mail, a real part: a mail is written to the outbox in its cause's transaction and delivered
 * over SMTP by the job queue, in the recipient's language, as HTML and plain text with the
 * brand's name; a rolled-back cause sends nothing; a refused delivery is retried, a permanent
 * refusal given up on; the data (its links) is sealed at rest and erased once sent. Mails are
 * read back from a real SMTP server with mailparser.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { startDemoMailbox } from '../src/demo/demo-mailbox'
import { createMailDelivery } from '../src/mail/delivery'
import { MAIL_LOCALES, renderMail, SECURITY_EVENTS, type Mail } from '../src/mail/templates'
import { scenario, uniqueEmail } from './harness'
import { startTestSmtp } from './mail-support'

const smtp = await startTestSmtp()
const t = await scenario({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Test Pay <no-reply@pay.example>', BRAND_NAME: 'Test Pay' },
})
// a server without SMTP settings: its outbox is delivered by hand below
const quiet = await scenario()
const other = await startTestSmtp()
afterAll(async () => {
  await t.close()
  await quiet.close()
  await smtp.close()
  await other.close()
})
const db = t.env.database.db

const reset = (to: string, locale = 'en'): Mail => ({
  to,
  locale,
  template: 'password-reset',
  data: { resetUrl: 'http://localhost:3000/reset-password/tok-123', expiresInMinutes: 30 },
})

describe('the outbox', () => {
  it('sends a committed mail once, in the recipient language, HTML and text, with the brand', async () => {
    const to = uniqueEmail('de')
    const id = await db
      .transaction()
      .execute((trx) => t.env.services.mail.enqueueMail(trx, reset(to, 'de-AT')))
    const [mail] = await smtp.mailsTo(to)
    expect(mail!.subject).toBe('Passwort zurücksetzen · Test Pay')
    expect(mail!.text).toContain('Neues Passwort wählen')
    expect(mail!.text).toContain('http://localhost:3000/reset-password/tok-123')
    expect(mail!.html).toContain('href="http://localhost:3000/reset-password/tok-123"')
    expect(mail!.html).toContain('Test Pay')
    expect(mail!.from?.text).toContain('no-reply@pay.example')
    expect(mail!.messageId).toBe(`<${id}@pay.example>`)
    expect(mail!.headers.get('content-language')).toBe('de')

    const row = await db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.sentAt).not.toBeNull()
    expect(row.dataSealed).toBeNull()
    expect(row.attempts).toBe(1)
    // later runs of the job leave it alone: sent once
    await sleep(1500)
    expect(await smtp.mailsTo(to)).toHaveLength(1)
  })

  it('sends nothing for a transaction that rolls back', async () => {
    const to = uniqueEmail('rolled-back')
    await expect(
      db.transaction().execute(async (trx) => {
        await t.env.services.mail.enqueueMail(trx, reset(to))
        throw new Error('the cause failed')
      }),
    ).rejects.toThrow('the cause failed')
    expect(
      await db.selectFrom('mailOutbox').where('toAddress', '=', to).selectAll().execute(),
    ).toHaveLength(0)
    // a later mail is delivered (the job runs), the rolled-back one never
    const later = uniqueEmail('later')
    await t.env.services.mail.enqueueMail(db, reset(later))
    await smtp.mailsTo(later)
    expect(smtp.received.filter((r) => r.to.includes(to))).toHaveLength(0)
  })

  it('keeps the links sealed until sent', async () => {
    const qdb = quiet.env.database.db
    const id = await quiet.env.services.mail.enqueueMail(qdb, reset(uniqueEmail('sealed')))
    const row = await qdb
      .selectFrom('mailOutbox')
      .select('dataSealed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.dataSealed).toBeTruthy()
    expect(row.dataSealed).not.toContain('tok-123')
  })

  it('retries a refused delivery, and gives up on a permanent refusal', async () => {
    const qdb = quiet.env.database.db
    // the quiet server's outbox may hold earlier rows: sent first, so the counts below are ours
    const delivery = createMailDelivery({
      db: qdb,
      secrets: quiet.env.services.secrets,
      settings: { smtpUrl: other.url, from: 'no-reply@pay.example', brand: 'Test Pay' },
      options: { retryBaseMs: 200, maxAttempts: 3 },
    })
    try {
      await delivery.deliverDue()
      const later = uniqueEmail('later')
      const id = await quiet.env.services.mail.enqueueMail(qdb, reset(later))
      other.refuseWith(451)
      expect(await delivery.deliverDue()).toBe(1)
      let row = await qdb
        .selectFrom('mailOutbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.sentAt).toBeNull()
      expect(row.failedAt).toBeNull()
      expect(row.lastError).toContain('451')
      // not due again before the wait
      expect(await delivery.deliverDue()).toBe(0)
      other.refuseWith(null)
      await sleep(300)
      expect(await delivery.deliverDue()).toBe(1)
      await other.mailsTo(later)
      row = await qdb
        .selectFrom('mailOutbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.sentAt).not.toBeNull()
      expect(row.attempts).toBe(2)

      const never = uniqueEmail('never')
      const neverId = await quiet.env.services.mail.enqueueMail(qdb, reset(never))
      other.refuseWith(550)
      expect(await delivery.deliverDue()).toBe(1)
      row = await qdb
        .selectFrom('mailOutbox')
        .selectAll()
        .where('id', '=', neverId)
        .executeTakeFirstOrThrow()
      expect(row.failedAt).not.toBeNull()
      expect(row.lastError).toContain('550')
      await sleep(300)
      expect(await delivery.deliverDue()).toBe(0)
    } finally {
      other.refuseWith(null)
      delivery.close()
    }
  })

  it('takes a mail again whose sender died mid-delivery (lease), with the same Message-ID', async () => {
    const qdb = quiet.env.database.db
    const delivery = createMailDelivery({
      db: qdb,
      secrets: quiet.env.services.secrets,
      settings: { smtpUrl: other.url, from: 'no-reply@pay.example', brand: 'Test Pay' },
      options: { leaseMs: 300 },
    })
    try {
      await delivery.deliverDue()
      const to = uniqueEmail('crash')
      const id = await quiet.env.services.mail.enqueueMail(qdb, reset(to))
      // a run that claimed the row and died before sending: attempts counted, lease taken
      await qdb
        .updateTable('mailOutbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute()
      await qdb
        .updateTable('mailOutbox')
        .set({ nextAttemptAt: new Date(Date.now() + 300) })
        .where('id', '=', id)
        .execute()
      expect(await delivery.deliverDue()).toBe(0)
      await sleep(400)
      expect(await delivery.deliverDue()).toBe(1)
      const [mail] = await other.mailsTo(to)
      expect(mail!.messageId).toBe(`<${id}@pay.example>`)
    } finally {
      delivery.close()
    }
  })

  it('refuses an address that is not one', async () => {
    await expect(t.env.services.mail.enqueueMail(db, reset('not an address'))).rejects.toThrow()
  })
})

describe('the demo mailbox', () => {
  it('receives what the outbox sends and shows it, newest first, per recipient', async () => {
    const mailbox = await startDemoMailbox()
    const qdb = quiet.env.database.db
    const delivery = createMailDelivery({
      db: qdb,
      secrets: quiet.env.services.secrets,
      settings: {
        smtpUrl: mailbox.smtpUrl,
        from: '"Demo" <no-reply@demo.localhost>',
        brand: 'Demo',
      },
    })
    try {
      await delivery.deliverDue()
      const to = uniqueEmail('demo')
      await quiet.env.services.mail.enqueueMail(qdb, reset(to, 'fr'))
      await quiet.env.services.mail.enqueueMail(qdb, {
        to,
        locale: 'fr',
        template: 'verify-email',
        data: { verifyUrl: 'http://localhost:3000/verify-email/abc' },
      })
      await delivery.deliverDue()
      const list = mailbox.list(to.toUpperCase())
      expect(list.map((m) => m.subject).sort()).toEqual([
        'Confirmez votre adresse e-mail · Demo',
        'Réinitialisez votre mot de passe · Demo',
      ])
      expect(mailbox.list('someone@else.example')).toEqual([])
      const mail = mailbox.get(list.find((m) => m.subject.startsWith('Confirmez'))!.id)
      expect(mail?.to).toEqual([to])
      expect(mail?.text).toContain('http://localhost:3000/verify-email/abc')
      expect(mail?.html).toContain('href="http://localhost:3000/verify-email/abc"')
      expect(mailbox.get('00000000-0000-4000-8000-000000000000')).toBeNull()
    } finally {
      delivery.close()
      await mailbox.close()
    }
  })
})

describe('templates', () => {
  const samples: Mail[] = [
    {
      to: 'a@b.c',
      locale: 'en',
      template: 'invitation',
      data: {
        inviterName: 'Ada',
        businessName: 'Corner Café',
        role: 'accountant',
        acceptUrl: 'http://x/invite/abc',
        expiresAt: '2026-12-05T10:00:00Z',
      },
    },
    reset('a@b.c'),
    {
      to: 'a@b.c',
      locale: 'en',
      template: 'verify-email',
      data: { verifyUrl: 'http://x/verify/1' },
    },
    {
      to: 'a@b.c',
      locale: 'en',
      template: 'email-change-confirm',
      data: { confirmUrl: 'http://x/c/1', newEmail: 'new@b.c', expiresInMinutes: 60 },
    },
    { to: 'a@b.c', locale: 'en', template: 'email-changed', data: { newEmail: 'new@b.c' } },
    ...SECURITY_EVENTS.map((event): Mail => ({
      to: 'a@b.c',
      locale: 'en',
      template: 'security-notice',
      data: {
        event,
        at: '2026-11-28T10:00:00Z',
        subject: 'Firefox on Linux',
        businessName: 'Shop',
      },
    })),
  ]

  it('every mail exists in en, de, es and fr, as text and HTML with the brand, escaped', () => {
    for (const sample of samples) {
      const subjects = new Set<string>()
      for (const locale of MAIL_LOCALES) {
        const r = renderMail({ ...sample, locale }, { brand: 'Brand <&> Co' })
        expect(r.subject).toContain('Brand <&> Co')
        expect(r.text).toContain('Brand <&> Co')
        expect(r.html).toContain('Brand &lt;&amp;&gt; Co')
        expect(r.html).not.toContain('Brand <&>')
        expect(r.html).toContain(`lang="${locale}"`)
        subjects.add(r.subject)
      }
      // four languages, four different subjects
      expect(subjects.size).toBe(4)
    }
  })

  it('names the role and the expiry in the recipient language', () => {
    const r = renderMail({ ...samples[0]!, locale: 'de' }, { brand: 'B' })
    expect(r.text).toContain('Buchhaltung')
    expect(r.text).toContain('5. Dezember 2026')
    expect(r.text).toContain('http://x/invite/abc')
  })
})

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    BITCOIN_NETWORK: 'mainnet',
    APP_SECRET: 'kX9vQ2mT7rLp4WzN8sYb3HcJ6fDg1AeU5oRiZ0tMqVn',
    DATABASE_URL: 'postgres://x',
    PUBLIC_URL: 'https://pay.example',
    SUPPORT_URL: 'https://help.example',
  }
  it('a real network refuses to start without SMTP settings, and says which', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError)
    expect(() => loadConfig(production)).toThrow(/SMTP_URL, MAIL_FROM/)
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example:465' })).toThrow(
      /: MAIL_FROM$/,
    )
    const ok = loadConfig({
      ...production,
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'Pay <no-reply@pay.example>',
    })
    expect(ok.mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'Pay <no-reply@pay.example>',
    })
    expect(() => loadConfig({ ...production, SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/)
  })

  it('the demo needs none (its own mailbox)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mail.smtpUrl).toBeNull()
  })
})
