/**
 * The request log is on with LOG_LEVEL=info or finer, and URLs carry secrets: a refund's LNURL-withdraw secret
 * (`k1`) is its path and its callback's query, a receipt's token is a page's path and a tRPC
 * query's input. What the server logs for such requests, including refusals and unknown paths,
 * holds none of them.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { REDACTED, redactSecrets } from '../src/lib/log-redaction'
import { scenario } from './harness'

// requests are logged at `info` (LOG_LEVEL; the default `warn` leaves them out)
const t = await scenario({ env: { LOG_LEVEL: 'info' } })
const lines: string[] = []
const app = await buildApp({
  services: t.env.services,
  webDist: null,
  logger: { stream: { write: (line) => void lines.push(line) } },
})
afterAll(async () => {
  await app.close()
  await t.close()
})

const k1 = () => randomBytes(32).toString('hex')

describe('the request log', () => {
  it('holds no LNURL-withdraw secret, receipt token or other secret of a URL', async () => {
    const secrets: Record<string, string> = {
      path: k1(),
      callback: k1(),
      unknown: k1(),
      nested: k1(),
    }
    const receipt = `${randomUUID()}${randomBytes(16).toString('base64url').slice(0, 22)}`
    const input = encodeURIComponent(JSON.stringify({ token: receipt }))
    const urls = [
      `/lnurlw/${secrets.path}`,
      `/lnurlw/callback?k1=${secrets.callback}&pr=lnbcrt1`,
      `/lnurlw/${secrets.nested}/more`,
      `/receipt/${receipt}`,
      `/trpc/terminal.receipt?input=${input}`,
      `/nothing-here?token=${secrets.unknown}`,
    ]
    for (const url of urls) await app.inject({ method: 'GET', url })
    // what services log through the same logger: messages and errors quoting a URL
    const more = { message: k1(), error: k1(), cause: k1(), text: k1() }
    app.log.warn(`refund https://pay.example/lnurlw/${more.message} answered`)
    const err = new Error(`GET /lnurlw/callback?k1=${more.error} failed`, {
      cause: new Error(`https://pay.example/lnurlw/${more.cause}`),
    })
    app.log.warn({ err }, 'a refund failed')
    app.log.warn({ err: `/x?secret=${more.text}` }, 'not an error')
    Object.assign(secrets, more)
    const log = lines.join('')
    // the requests were logged, with their secrets replaced
    expect(log).toContain('"url":"/lnurlw/[redacted]"')
    expect(log).toContain('/lnurlw/callback?k1=[redacted]')
    expect(log).toContain('/receipt/[redacted]')
    for (const secret of [...Object.values(secrets), receipt]) {
      expect(log).not.toContain(secret)
    }
  })
})

describe('redacting a text', () => {
  it('replaces path secrets, secret query parameters and secret JSON fields', () => {
    const cases: [string, string][] = [
      ['/lnurlw/abc123', `/lnurlw/${REDACTED}`],
      ['/lnurlw/callback?k1=abc&pr=lnbc1', `/lnurlw/callback?k1=${REDACTED}&pr=${REDACTED}`],
      ['GET:/receipt/x-y_z not found', `GET:/receipt/${REDACTED} not found`],
      ['/x?a=1&secret=s3&b=2', `/x?a=1&secret=${REDACTED}&b=2`],
      ['/x?apiKey=k&macaroon=m', `/x?apiKey=${REDACTED}&macaroon=${REDACTED}`],
      ['/x?password=p#frag', `/x?password=${REDACTED}#frag`],
      [
        'nostr+walletconnect://abc?relay=wss://r&secret=f00',
        `nostr+walletconnect://abc?relay=wss://r&secret=${REDACTED}`,
      ],
      ['{"token":"t0k","a":1}', `{"token":"${REDACTED}","a":1}`],
      ['%7B%22k1%22%3A%22abc%22%7D', `%7B%22k1%22%3A"${REDACTED}"%7D`],
      ['/lnurlp/alice/callback?amount=1000', '/lnurlp/alice/callback?amount=1000'],
      ['/api/v1/pos/payments?limit=10', '/api/v1/pos/payments?limit=10'],
    ]
    for (const [text, expected] of cases)
      expect([text, redactSecrets(text)]).toEqual([text, expected])
  })
})
