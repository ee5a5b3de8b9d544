/**
 * Outside demo mode, LNURL-pay and Lightning-address look-ups reach public https hosts only:
 * a destination naming this machine, a private or link-local address, or a name that resolves to
 * one is refused before any connection, with one error and one message whatever the reason
 * (nothing tells which internal hosts answer), and nothing is written or sent. The quote, which
 * needs no password, is held to it as the confirmation is.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { bech32 } from '@scure/base'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { scenario } from './harness'
import { internalListener } from './internal-listener'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({
  simnet: true,
  screening: true,
  business: 'own-node-with-channel',
  // a real network: not demo mode
  env: {
    BITCOIN_NETWORK: 'regtest',
    APP_SECRET: randomBytes(36).toString('base64'),
    PUBLIC_URL: 'https://pay.example.com',
    SUPPORT_URL: 'https://help.example.com',
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'no-reply@pay.example.com',
    AUTO_APPROVE_APPLICATIONS: 'true',
  },
})
afterAll(t.close)
const { env } = t
const { b, businessId } = t.owner

/** An internal service on loopback: nothing guarded may reach it. */
const internal = await internalListener()
const { port } = internal
afterAll(internal.close)

const lnurlOf = (url: string) =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2_000)

const withdrawalRows = () =>
  env.database.db
    .selectFrom('withdrawals')
    .select('id')
    .where('businessId', '=', businessId)
    .execute()

describe('a Lightning look-up outside demo mode', () => {
  it('is refused for internal hosts, with one code and message, reaching nothing', async () => {
    expect(env.config.isDemo).toBe(false)
    const destinations = [
      // this machine, by address, by name and as an IPv4-mapped IPv6 address
      lnurlOf(`https://127.0.0.1:${port}/lnurlp/alice`),
      lnurlOf(`https://localhost:${port}/lnurlp/alice`),
      lnurlOf(`https://[::ffff:127.0.0.1]:${port}/lnurlp/alice`),
      `lnurlp://localhost:${port}/lnurlp/alice`,
      `alice@127.0.0.1:${port}`,
      `alice@localhost:${port}`,
      // a private network and the cloud's metadata service
      lnurlOf('https://10.0.0.5/lnurlp/alice'),
      lnurlOf('https://169.254.169.254/latest/meta-data/'),
      lnurlOf('https://[fd00::1]/lnurlp/alice'),
    ]
    const refusals = new Set<string>()
    for (const destination of destinations) {
      const quote = await rejection(
        b.caller.withdrawals.quote({ businessId, quote: { destination, amountSat: 1_000 } }),
      )
      const confirm = await rejection(
        b.caller.withdrawals.confirm({
          businessId,
          quote: { destination, amountSat: 1_000 },
          idempotencyKey: randomUUID(),
          password: ACCOUNT_PASSWORD,
        }),
      )
      for (const e of [quote, confirm]) {
        expect([destination, appCode(e)]).toEqual([destination, 'WITHDRAW_LNURL_UNREACHABLE'])
        expect(e.cause).toHaveProperty('details', {})
        refusals.add(e.message)
      }
    }
    expect(refusals.size).toBe(1)
    expect(internal.reached()).toBe(0)
    expect(await withdrawalRows()).toEqual([])
  })
})
