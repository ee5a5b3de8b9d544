/**
 * The demo's mailbox: in demo mode only (`npm start` without SMTP_URL), an SMTP server in process
 * on this machine's loopback that accepts every mail the product sends and keeps the latest in
 * memory, so a newcomer receives invitations and password resets with no set-up and reads them
 * on the mailbox page. A production server never creates it.
 */
import { simpleParser } from 'mailparser'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** How many messages the mailbox keeps; older ones are dropped. */
const KEPT = 200
/** The largest message accepted. */
const MAX_BYTES = 2 * 1024 * 1024

export interface DemoMailSummary {
  id: string
  receivedAt: string
  from: string
  to: string[]
  subject: string
}

export interface DemoMail extends DemoMailSummary {
  text: string
  /** the HTML part, if the mail has one */
  html: string | null
}

export interface DemoMailbox {
  /** where the server's mail goes: smtp://127.0.0.1:<port> */
  smtpUrl: string
  /** newest first; only those to `to` when given */
  list(to?: string): DemoMailSummary[]
  get(id: string): DemoMail | null
  close(): Promise<void>
}

export async function startDemoMailbox(opts: { port?: number } = {}): Promise<DemoMailbox> {
  const messages: DemoMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    logger: false,
    banner: 'demo mailbox',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address)
          messages.unshift({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from:
              parsed.from?.text ??
              (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          })
          messages.splice(KEPT)
          callback()
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo
  const summary = (m: DemoMail): DemoMailSummary => ({
    id: m.id,
    receivedAt: m.receivedAt,
    from: m.from,
    to: m.to,
    subject: m.subject,
  })
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    list(to) {
      const wanted = to?.trim().toLowerCase()
      return messages
        .filter((m) => !wanted || m.to.some((a) => a.toLowerCase() === wanted))
        .map(summary)
    },
    get: (id) => messages.find((m) => m.id === id) ?? null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
