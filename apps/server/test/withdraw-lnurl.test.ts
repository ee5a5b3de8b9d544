/**
 * Withdrawals to a Lightning address and an LNURL-pay (LUD-06/16), resolved on the server
 * against a real HTTP service in this test: the pay request's range is respected and the
 * returned invoice checked (amount and description hash); a service that is down, answers
 * garbage, is not a pay request, redirects or returns a mismatching invoice is refused with
 * nothing sent (the first four with one code and message). Demo mode: the services are local.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bech32 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { scenario } from './harness'
import { LNURL_TIMEOUT_MS } from '../src/modules/withdrawals/lnurl'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({
  simnet: true,
  screening: true,
  realtime: true,
  business: 'own-node-with-channel',
})
afterAll(t.close)
const { env, net } = t
const { b, businessId } = t.owner
let service: Server
let host: string
/** where redirects point: it counts the requests that reach it */
let redirected: Server
let elsewhere: string
let reachedElsewhere = 0

type Mode =
  | 'ok'
  | 'garbage'
  | 'withdraw-request'
  | 'wrong-amount'
  | 'wrong-hash'
  | 'error'
  | 'redirect'
  | 'redirect-callback'
const modes = new Map<string, Mode>()
const metadata = JSON.stringify([['text/plain', 'Payout to Alice']])

beforeAll(async () => {
  service = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    const name = url.pathname.split('/').at(-1) ?? ''
    const mode = modes.get(name) ?? 'ok'
    res.setHeader('content-type', 'application/json')
    if (url.pathname.startsWith('/.well-known/lnurlp/') || url.pathname.startsWith('/lnurlp/')) {
      if (mode === 'garbage') return res.end('<html>oops</html>')
      if (mode === 'redirect') {
        res.writeHead(302, { location: `http://${elsewhere}/.well-known/lnurlp/${name}` })
        return res.end()
      }
      if (mode === 'withdraw-request') {
        return res.end(
          JSON.stringify({
            tag: 'withdrawRequest',
            callback: `http://${host}/cb/${name}`,
            k1: 'x',
            minWithdrawable: 1000,
            maxWithdrawable: 5000,
            defaultDescription: '',
          }),
        )
      }
      return res.end(
        JSON.stringify({
          tag: 'payRequest',
          callback: `http://${host}/cb/${name}`,
          minSendable: 1_000,
          maxSendable: 50_000_000,
          metadata,
          commentAllowed: 20,
        }),
      )
    }
    if (url.pathname.startsWith('/cb/')) {
      if (mode === 'error') {
        return res.end(JSON.stringify({ status: 'ERROR', reason: 'closed: internal-db.corp:5432' }))
      }
      if (mode === 'redirect-callback') {
        res.writeHead(307, { location: `http://${elsewhere}${url.pathname}${url.search}` })
        return res.end()
      }
      const msat = Number(url.searchParams.get('amount'))
      const inv = net.simnet.world.payer.addInvoice({
        valueMsat: mode === 'wrong-amount' ? msat + 1_000 : msat,
        descriptionHash: createHash('sha256')
          .update(mode === 'wrong-hash' ? 'something else' : metadata)
          .digest('hex'),
      })
      return res.end(JSON.stringify({ pr: inv.paymentRequest, routes: [] }))
    }
    res.statusCode = 404
    res.end('{}')
  })
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r))
  host = `127.0.0.1:${(service.address() as AddressInfo).port}`
  redirected = createServer((_req, res) => {
    reachedElsewhere++
    res.setHeader('content-type', 'application/json')
    res.end('{}')
  })
  await new Promise<void>((r) => redirected.listen(0, '127.0.0.1', r))
  elsewhere = `127.0.0.1:${(redirected.address() as AddressInfo).port}`
}, 90_000)
afterAll(async () => {
  await new Promise<void>((r) => service?.close(() => r()))
  await new Promise<void>((r) => redirected?.close(() => r()))
})

const lnurlOf = (url: string) =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2_000)

const confirm = (destination: string, amountSat: number, comment = '') =>
  b.caller.withdrawals.confirm({
    businessId,
    quote: { destination, amountSat, comment },
    idempotencyKey: randomUUID(),
    password: ACCOUNT_PASSWORD,
  })

describe('Lightning addresses and LNURL-pay', () => {
  it('pays a Lightning address the amount asked, with the invoice checked', async () => {
    const quote = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: `alice@${host}`, amountSat: 4_321 },
    })
    expect(quote).toMatchObject({ rail: 'lightning', amountSat: 4_321 })
    const paid = await confirm(`alice@${host}`, 4_321, 'thanks')
    expect(paid).toMatchObject({
      status: 'succeeded',
      amountSat: 4_321,
      destinationType: 'lightning-address',
    })
  })

  it('pays a bech32 LNURL', async () => {
    const paid = await confirm(lnurlOf(`http://${host}/lnurlp/bob`), 2_000)
    expect(paid).toMatchObject({ status: 'succeeded', destinationType: 'lnurl' })
  })

  it('refuses what does not fit the pay request, and mismatching or broken services', async () => {
    const cases: [string, number, string, string?][] = [
      [`carol@${host}`, 100_000, 'WITHDRAW_LNURL_AMOUNT_OUT_OF_RANGE'],
      [`carol@${host}`, 1_000, 'VALIDATION', 'a comment far longer than twenty characters'],
      [`down@127.0.0.1:1`, 1_000, 'WITHDRAW_LNURL_UNREACHABLE'],
    ]
    modes.set('garbage', 'garbage')
    modes.set('withdraw', 'withdraw-request')
    modes.set('amount', 'wrong-amount')
    modes.set('hash', 'wrong-hash')
    modes.set('closed', 'error')
    modes.set('moved', 'redirect')
    modes.set('movedcb', 'redirect-callback')
    // down, garbage, not a pay request, an ERROR answer, a redirect: one code, one message
    const unusable = 'WITHDRAW_LNURL_UNREACHABLE'
    cases.push(
      [`garbage@${host}`, 1_000, unusable],
      [lnurlOf(`http://${host}/lnurlp/withdraw`), 1_000, unusable],
      [`amount@${host}`, 1_000, 'WITHDRAW_LNURL_INVOICE_MISMATCH'],
      [`hash@${host}`, 1_000, 'WITHDRAW_LNURL_INVOICE_MISMATCH'],
      [`closed@${host}`, 1_000, unusable],
      [`moved@${host}`, 1_000, unusable],
      [`movedcb@${host}`, 1_000, unusable],
    )
    const messages = new Set<string>()
    for (const [destination, amountSat, code, comment] of cases) {
      const e = await rejection(confirm(destination, amountSat, comment))
      expect([destination, appCode(e)]).toEqual([destination, code])
      if (code === unusable) {
        messages.add(e.message)
        // the service's own words (its `reason`) never come back
        expect(e.cause).toHaveProperty('details', {})
      }
    }
    expect(messages.size).toBe(1)
    expect(reachedElsewhere).toBe(0)
    const amountless = await rejection(
      b.caller.withdrawals.quote({ businessId, quote: { destination: `alice@${host}` } }),
    )
    expect(appCode(amountless)).toBe('WITHDRAW_AMOUNT_REQUIRED')
    const rows = await env.database.db
      .selectFrom('withdrawals')
      .select('status')
      .where('businessId', '=', businessId)
      .execute()
    expect(rows.map((r) => r.status).sort()).toEqual(['succeeded', 'succeeded'])
  })
})

describe('a Lightning service that does not answer', () => {
  it('is refused with the catalogue error once the timeout passes, and nothing is sent', async () => {
    // a service that takes the connection and never answers: the pay request for `still`, and
    // the invoice callback (after a good pay request) for `quiet`
    const asked: string[] = []
    const silent = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
      asked.push(url.pathname)
      if (url.pathname === '/.well-known/lnurlp/quiet') {
        res.setHeader('content-type', 'application/json')
        res.end(
          JSON.stringify({
            tag: 'payRequest',
            callback: `http://${silentHost}/cb/quiet`,
            minSendable: 1_000,
            maxSendable: 50_000_000,
            metadata,
          }),
        )
      }
      // anything else: no answer at all
    })
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    const silentHost = `127.0.0.1:${(silent.address() as AddressInfo).port}`
    const before = await b.caller.withdrawals.balances({ businessId })
    const rowsBefore = await b.caller.withdrawals.list({ businessId })
    try {
      const started = Date.now()
      const timed = async (p: Promise<unknown>) => {
        const e = await rejection(p)
        return { code: appCode(e), ms: Date.now() - started }
      }
      // both at once, so the test waits for the timeout only once
      const [payRequest, callback] = await Promise.all([
        timed(confirm(`still@${silentHost}`, 1_000)),
        timed(confirm(`quiet@${silentHost}`, 1_000)),
      ])
      for (const outcome of [payRequest, callback]) {
        expect(outcome.code).toBe('WITHDRAW_LNURL_UNREACHABLE')
        expect(outcome.ms).toBeGreaterThanOrEqual(LNURL_TIMEOUT_MS - 100)
        expect(outcome.ms).toBeLessThan(LNURL_TIMEOUT_MS + 5_000)
      }
      expect(asked.sort()).toEqual([
        '/.well-known/lnurlp/quiet',
        '/.well-known/lnurlp/still',
        '/cb/quiet',
      ])
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((r) => silent.close(() => r()))
    }
    // no withdrawal written, nothing left the wallet
    expect(await b.caller.withdrawals.list({ businessId })).toEqual(rowsBefore)
    const after = await b.caller.withdrawals.balances({ businessId })
    expect(after.maxLightningSat).toBe(before.maxLightningSat)
    expect(after.onchainSat).toBe(before.onchainSat)
  })
})
