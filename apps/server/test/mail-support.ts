/**
 * A real SMTP server for a test (`smtp-server`), whose received mails are read back with
 * `mailparser`, as a mail client would. It can be told to refuse mail, for now (4xx) or for
 * good (5xx).
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { until } from './assertions'

export interface Received {
  to: string[]
  parsed: ParsedMail
}

export interface TestSmtp {
  url: string
  received: Received[]
  /** the next deliveries are refused with this SMTP reply code (null: accepted again) */
  refuseWith(code: number | null): void
  /** the mails to an address, once at least `count` arrived */
  mailsTo(address: string, count?: number, ms?: number): Promise<ParsedMail[]>
  /** the one link in a mail's text that starts with `prefix` */
  linkIn(mail: ParsedMail, prefix: string): string
  close(): Promise<void>
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: Received[] = []
  let refusal: number | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal === null) return callback()
      const err = Object.assign(new Error(`refused (${refusal})`), { responseCode: refusal })
      callback(err)
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed })
          callback()
        })
        .catch((err: unknown) => callback(err as Error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const to = (address: string) =>
    received
      .filter((r) => r.to.some((a) => a.toLowerCase() === address.toLowerCase()))
      .map((r) => r.parsed)
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code) {
      refusal = code
    },
    mailsTo(address, count = 1, ms = 20_000) {
      return until(
        () => Promise.resolve(to(address)),
        (m) => m.length >= count,
        `${count} mail(s) to ${address}`,
        ms,
      )
    },
    linkIn(mail, prefix) {
      const links = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? []
      const link = links.find((l) => l.startsWith(prefix))
      if (!link) throw new Error(`no link to ${prefix} in: ${mail.text}`)
      return link
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
