/**
 * The lnd adapter keeps the product's rules, not its own: the Lightning fee limit it is given
 * (the domain's, which the planner asks for), lnd's refusal read as a failed payment, and one reading of "not ready" for receiving and sending alike (the node's own
 * answer that it is locked or not running; no answer at all is unavailability). A local HTTP
 * server answers as lnd's REST interface does.
 */
import { lightningFeeLimitSat } from '@app/domain'
import bolt11 from 'bolt11'
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WalletNotReadyError, WalletUnavailableError } from '../wallet'
import { LndClient } from './lnd-client'
import { LndWallet } from './lnd-wallet'

type Answer = { status: number; body: unknown }
let answer: Answer = { status: 200, body: {} }
const sent: unknown[] = []
let lnd: Server
let url = ''

beforeAll(async () => {
  lnd = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')))
    req.on('end', () => {
      if (req.url === '/v2/router/send') {
        sent.push(JSON.parse(raw))
        res.setHeader('content-type', 'application/json')
        return res.end(
          `${JSON.stringify({
            result: {
              payment_hash: '00',
              status: 'FAILED',
              fee_sat: '0',
              fee_msat: '0',
              failure_reason: 'FAILURE_REASON_NO_ROUTE',
            },
          })}\n`,
        )
      }
      res.statusCode = answer.status
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((r) => lnd.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(lnd.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => lnd.close(() => r())))

const walletAt = (restUrl: string) => new LndWallet(new LndClient({ restUrl }))

/** How receiving (an invoice) and sending (the sendable balance) each refuse. */
async function refusals(wallet: LndWallet) {
  const of = (p: Promise<unknown>) =>
    p.then(
      () => 'answered',
      (err: unknown) =>
        err instanceof WalletNotReadyError
          ? 'not ready'
          : err instanceof WalletUnavailableError
            ? 'unavailable'
            : String(err),
    )
  return {
    receive: await of(wallet.createInvoice({ amountSat: 1_000, expirySec: 600 })),
    send: await of(wallet.sendableBalance()),
  }
}

describe('a node that cannot answer', () => {
  it('is not ready, receiving and sending, when it says it is locked or not running', async () => {
    const wallet = walletAt(url)
    answer = {
      status: 500,
      body: { code: 2, message: 'wallet locked, unlock it to enable full RPC access' },
    }
    expect(await refusals(wallet)).toEqual({ receive: 'not ready', send: 'not ready' })
    answer = { status: 503, body: { code: 14, message: 'connection error' } }
    expect(await refusals(wallet)).toEqual({ receive: 'not ready', send: 'not ready' })
  })

  it('is unavailable, receiving and sending, when nothing answers', async () => {
    // a port nothing listens on
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    expect(await refusals(walletAt(`http://127.0.0.1:${port}`))).toEqual({
      receive: 'unavailable',
      send: 'unavailable',
    })
  })
})

describe('paying an invoice', () => {
  it('asks lnd for the domain’s fee limit, and reads its failure as failed', async () => {
    const invoice = (amountSat: number) =>
      bolt11.sign(
        bolt11.encode({
          network: {
            bech32: 'bcrt',
            pubKeyHash: 0x6f,
            scriptHash: 0xc4,
            validWitnessVersions: [0],
          },
          satoshis: amountSat,
          timestamp: Math.floor(Date.now() / 1000),
          tags: [
            { tagName: 'payment_hash', data: randomBytes(32).toString('hex') },
            { tagName: 'description', data: 'fee limit' },
          ],
        }),
        randomBytes(32).toString('hex'),
      ).paymentRequest ?? ''
    const wallet = walletAt(url)
    sent.length = 0
    for (const amountSat of [500, 2_000, 250_000]) {
      const out = await wallet.lightningSender.send({
        paymentRequest: invoice(amountSat),
        paymentHash: '00',
        feeLimitSat: lightningFeeLimitSat(amountSat),
        timeoutSec: 5,
      })
      expect(out).toMatchObject({ status: 'failed', failureReason: 'no_route', preimage: null })
    }
    expect(sent.map((body) => (body as { fee_limit_sat: string }).fee_limit_sat)).toEqual(
      [500, 2_000, 250_000].map((a) => String(lightningFeeLimitSat(a))),
    )
    // the rule itself: 1 %, and never less than 10 sat
    expect([500, 2_000, 250_000].map(lightningFeeLimitSat)).toEqual([10, 20, 2_500])
  })
})
