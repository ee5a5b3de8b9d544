/**
 * Channel deposits cannot starve each other or pile up: deposits nobody pays do not keep a new
 * business's deposit from being followed, a business holds only so many open deposits, unpaid
 * ones are given up after their age, and a failed opening is told as a code, never in the
 * node's own words.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createDepositRepo } from '../src/modules/deposit/repo'
import { createDepositService, DEFAULT_DEPOSIT_OPTIONS } from '../src/modules/deposit/service'
import type { NodeService } from '../src/modules/node/service'
import { createOnboardingRepo } from '../src/modules/onboarding/repo'
import { NodeRefusedError } from '../src/wallets/node-admin'
import { appCode, rejection, until } from './assertions'
import { channelOpened, ownNodeAtDepositStep } from './businesses'
import { scenario, uniqueEmail } from './harness'

// The deposit job stays out of the way: each test moves deposits on itself.
const t = await scenario({ simnet: true, env: { DEPOSIT_POLL_MS: '3600000' } })
afterAll(t.close)
const { env, net } = t

/** `count` deposits nobody will pay, `perBusiness` to each of a set of other businesses. */
async function abandonedDeposits(count: number, perBusiness: number): Promise<string[]> {
  const { db } = env.database
  const { id: userId } = await db
    .insertInto('users')
    .values({ email: uniqueEmail('abandoner'), passwordHash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const businesses = await db
    .insertInto('businesses')
    .values(
      Array.from({ length: Math.ceil(count / perBusiness) }, (_, i) => ({
        name: `Abandoned ${i}`,
        onboardingStep: 'deposit' as const,
        createdBy: userId,
      })),
    )
    .returning('id')
    .execute()
  const anHourAgo = new Date(Date.now() - 3600_000)
  await db
    .insertInto('onchainInvoices')
    .values(
      Array.from({ length: count }, (_, i) => ({
        businessId: businesses[Math.floor(i / perBusiness)]!.id,
        purpose: 'channel_deposit' as const,
        address: `bcrt1qabandoned${i}`,
        amountSat: 300_000,
        createdAt: anHourAgo,
        updatedAt: anHourAgo,
      })),
    )
    .execute()
  return businesses.map((b) => b.id)
}

describe('the deposit job', () => {
  it(
    "opens a new business's channel while 120 deposits of others are never paid",
    { timeout: 120_000 },
    async () => {
      const others = await abandonedDeposits(120, DEFAULT_DEPOSIT_OPTIONS.maxOpenPerBusiness)
      try {
        const { b, businessId } = await ownNodeAtDepositStep(env)
        const { onchainInvoiceId } = await b.caller.deposit.create({
          businessId,
          amountSat: 300_000,
        })
        const { address } = await b.caller.deposit.get({ businessId, onchainInvoiceId })
        await net.control('POST', '/send', { address, amountSat: 300_000 })
        await net.control('POST', '/mine', { blocks: 3 })
        const opening = await until(
          async () => {
            await env.services.deposits.tick()
            return b.caller.deposit.get({ businessId, onchainInvoiceId })
          },
          (d) => d.status === 'confirmed' && d.channel.state === 'opening',
          'the deposit to confirm and its channel to start opening',
        )
        expect(opening.confirmations).toBeGreaterThanOrEqual(3)
        await channelOpened(env, net, { b, businessId, onchainInvoiceId })
        expect((await b.caller.businesses.onboardingStep({ businessId })).step).toBe('completed')
      } finally {
        await env.database.db.deleteFrom('businesses').where('id', 'in', others).execute()
      }
    },
  )

  it(
    'refuses more open deposits than the cap, and gives up unpaid ones after their age',
    { timeout: 90_000 },
    async () => {
      const { b, businessId } = await ownNodeAtDepositStep(env)
      const max = DEFAULT_DEPOSIT_OPTIONS.maxOpenPerBusiness
      const ids: string[] = []
      for (let i = 0; i < max; i++) {
        ids.push(
          (await b.caller.deposit.create({ businessId, amountSat: 250_000 })).onchainInvoiceId,
        )
      }
      const refused = await rejection(b.caller.deposit.create({ businessId, amountSat: 250_000 }))
      expect(appCode(refused)).toBe('DEPOSIT_LIMIT_REACHED')
      expect(refused.code).toBe('CONFLICT')
      const count = await env.database.db
        .selectFrom('onchainInvoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('businessId', '=', businessId)
        .executeTakeFirstOrThrow()
      expect(Number(count.n)).toBe(max)

      // The first deposit was paid; the others were made more than the age ago and never paid.
      const first = await b.caller.deposit.get({ businessId, onchainInvoiceId: ids[0]! })
      await net.control('POST', '/send', { address: first.address, amountSat: 250_000 })
      await env.services.deposits.tick()
      const ageSec = DEFAULT_DEPOSIT_OPTIONS.expireUnpaidAfterMs / 1000 + 60
      await sql`UPDATE onchain_invoices SET created_at = now() - make_interval(secs => ${ageSec})
        WHERE business_id = ${businessId}`.execute(env.database.db)
      await env.services.deposits.tick()

      const paid = await b.caller.deposit.get({ businessId, onchainInvoiceId: ids[0]! })
      expect(paid).toMatchObject({ status: 'receiving', expiredAt: null })
      for (const onchainInvoiceId of ids.slice(1)) {
        const given = await b.caller.deposit.get({ businessId, onchainInvoiceId })
        expect(given.status).toBe('unused')
        expect(given.expiredAt).toBeInstanceOf(Date)
      }
      expect((await b.caller.deposit.current({ businessId }))?.id).toBe(ids[0])

      // Room again: only the paid one is still open.
      const again = await b.caller.deposit.create({ businessId, amountSat: 250_000 })
      expect((await b.caller.deposit.current({ businessId }))?.id).toBe(again.onchainInvoiceId)
    },
  )
})

describe('a failed channel opening', () => {
  it(
    "is told to the merchant as a code; the node's words go only to the log",
    { timeout: 90_000 },
    async () => {
      const { b, businessId } = await ownNodeAtDepositStep(env)
      const { onchainInvoiceId } = await b.caller.deposit.create({ businessId, amountSat: 300_000 })
      const { address } = await b.caller.deposit.get({ businessId, onchainInvoiceId })
      await net.control('POST', '/send', { address, amountSat: 300_000 })
      await net.control('POST', '/mine', { blocks: 3 })

      // The merchant's lnd refuses the opening with its own internal sentence.
      const lndText = 'unable to open channel to peer at 10.7.0.3:9735: remote unresponsive'
      const real = env.services.nodes
      const refusing: NodeService = {
        ...real,
        async admin(id) {
          const got = await real.admin(id)
          const admin = Object.create(got.admin) as typeof got.admin
          admin.openChannel = () => Promise.reject(new NodeRefusedError(lndText, 500))
          return { ...got, admin }
        },
      }
      const logged: string[] = []
      const deposits = createDepositService({
        repo: createDepositRepo(env.database.db),
        nodes: refusing,
        onboardingRepo: createOnboardingRepo(env.database.db),
        log: (msg, err) => logged.push(`${msg} ${err instanceof Error ? err.message : ''}`),
      })
      const failed = await until(
        async () => {
          await deposits.tick()
          return b.caller.deposit.get({ businessId, onchainInvoiceId })
        },
        (d) => d.channel.state === 'failed',
        'the opening to fail',
      )
      expect(failed.channel).toEqual({
        state: 'failed',
        error: 'Error opening the channel',
        errorCode: 'CHANNEL_OPEN_FAILED',
      })
      expect(JSON.stringify(await b.caller.deposit.current({ businessId }))).not.toContain(
        '10.7.0.3',
      )
      const stored = await env.database.db
        .selectFrom('onchainInvoices')
        .selectAll()
        .where('id', '=', onchainInvoiceId)
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(stored)).not.toContain('10.7.0.3')
      expect(logged.some((line) => line.includes(lndText))).toBe(true)

      // Retried with the node as it is, the channel opens and the code is gone.
      const retried = await b.caller.deposit.retryChannel({ businessId, onchainInvoiceId })
      expect(retried.channel).toMatchObject({ state: 'opening', error: null, errorCode: null })
    },
  )
})

describe('a retried channel opening', () => {
  it(
    'is not judged by the failed one before it while the node is being asked',
    { timeout: 90_000 },
    async () => {
      await net.control('POST', '/channels/next-open', { mode: 'fail' })
      const { b, businessId } = await ownNodeAtDepositStep(env)
      const { onchainInvoiceId } = await b.caller.deposit.create({ businessId, amountSat: 300_000 })
      const { address } = await b.caller.deposit.get({ businessId, onchainInvoiceId })
      await net.control('POST', '/send', { address, amountSat: 300_000 })
      await net.control('POST', '/mine', { blocks: 3 })
      await until(
        async () => {
          await env.services.deposits.tick()
          return b.caller.deposit.get({ businessId, onchainInvoiceId })
        },
        (d) => d.channel.state === 'opening',
        'the first opening to start',
      )
      await net.control('POST', '/mine', { blocks: 3 })
      await until(
        async () => {
          await env.services.deposits.tick()
          return b.caller.deposit.get({ businessId, onchainInvoiceId })
        },
        (d) => d.channel.state === 'failed',
        'the first opening to fail',
      )
      await net.control('POST', '/mine', { blocks: 1 }) // the refund confirms

      // The node takes its time to answer the retry; a pass of the deposit job runs meanwhile.
      let answer = () => {}
      const answered = new Promise<void>((resolve) => (answer = resolve))
      const real = env.services.nodes
      const slow: NodeService = {
        ...real,
        async admin(id) {
          const got = await real.admin(id)
          const admin = Object.create(got.admin) as typeof got.admin
          admin.openChannel = async (...args) => {
            await answered
            return got.admin.openChannel(...args)
          }
          return { ...got, admin }
        },
      }
      const retrying = createDepositService({
        repo: createDepositRepo(env.database.db),
        nodes: slow,
        onboardingRepo: createOnboardingRepo(env.database.db),
      })
      const retried = retrying.retryChannel(businessId, onchainInvoiceId)
      await until(
        () => b.caller.deposit.get({ businessId, onchainInvoiceId }),
        (d) => d.channel.state === 'opening',
        'the retry to start',
      )
      await env.services.deposits.tick()
      answer()
      expect((await retried).channel).toMatchObject({ state: 'opening', errorCode: null })
      await channelOpened(env, net, { b, businessId, onchainInvoiceId })
    },
  )
})

describe('the node settings', () => {
  it('do not tell where the platform reaches the node', async () => {
    const { b, businessId } = await ownNodeAtDepositStep(env)
    const settings = await b.caller.businesses.lightningNodeSettings({ businessId })
    expect(settings).toMatchObject({ exists: true, isInitialised: true })
    expect(settings).not.toHaveProperty('restUrl')
    const row = await env.database.db
      .selectFrom('lightningNodes')
      .select('restUrl')
      .where('businessId', '=', businessId)
      .executeTakeFirstOrThrow()
    expect(row.restUrl).toBeTruthy()
    expect(JSON.stringify(settings)).not.toContain(row.restUrl!)
  })
})
