/**
 * What a merchant is told of a payment its wallet could not take: a code of the error
 * catalogue, never the wallet's or the database's own text (which goes to the server's log).
 */
import { createServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { isErrorCode } from '@app/domain'
import { createServices } from '../src/services'
import { LndClient } from '../src/wallets/lnd/lnd-client'
import { LndWallet } from '../src/wallets/lnd/lnd-wallet'
import type { Wallet } from '../src/wallets/wallet'
import { appCode, rejection } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario } from './harness'

/** A node's REST address nobody listens on: every call fails with a connection error. */
async function refusingNode(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

const nodeUrl = await refusingNode()
const downWallet = (): Promise<Wallet> =>
  Promise.resolve(new LndWallet(new LndClient({ restUrl: nodeUrl })))

const t = await scenario({
  simnet: true,
  // Every business's wallet is a node that is down.
  walletFactory: downWallet,
})
afterAll(t.close)
const { env, net } = t

const failureReasons = async (businessId: string) =>
  (
    await env.database.db
      .selectFrom('payments')
      .select(['status', 'failureReason'])
      .where('businessId', '=', businessId)
      .execute()
  ).map((r) => [r.status, r.failureReason])

describe('a payment the wallet could not take', () => {
  it('keeps a catalogue code as its reason, and logs what the wallet said', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const err = await rejection(
      b.caller.payments.createLightning({ businessId, amount: { sat: 1_000 }, memo: '' }),
    )
    expect(appCode(err)).toBe('WALLET_UNAVAILABLE')
    const reasons = await failureReasons(businessId)
    expect(reasons).toEqual([['failed', 'WALLET_UNAVAILABLE']])
    expect(isErrorCode(reasons[0]?.[1])).toBe(true)

    // The raw error reaches the server's log, with the payment it was for.
    const logged: { msg: string; err?: unknown }[] = []
    const services = createServices({
      config: env.config,
      db: env.database.db,
      pool: env.database.pool,
      databaseUrl: env.url,
      walletFactory: downWallet,
      log: (msg, e) => logged.push({ msg, err: e }),
    })
    try {
      await expect(
        services.payments.createLightning(
          { id: businessId, currency: 'GBP' },
          { amount: { sat: 2_000 }, memo: '' },
        ),
      ).rejects.toMatchObject({ code: 'WALLET_UNAVAILABLE' })
    } finally {
      services.wallets.closeAll()
    }
    const rows = await failureReasons(businessId)
    expect(rows).toEqual([
      ['failed', 'WALLET_UNAVAILABLE'],
      ['failed', 'WALLET_UNAVAILABLE'],
    ])
    const entry = logged.find((l) => l.msg.includes('failed'))
    expect(entry?.err).toBeInstanceOf(Error)
    expect((entry?.err as Error).message).not.toMatch(/^WALLET_/)
  })
})
