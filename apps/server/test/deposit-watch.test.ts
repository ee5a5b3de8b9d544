/**
 * `deposit.watch` is driven by events: when the deposit job (on the job queue) moves a deposit
 * on, an open page hears of it without asking anything, and a page reconnecting with the id of
 * the last event it got is told again only if the deposit changed while it was away.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import type { DepositView } from '../src/modules/deposit/view'
import { until } from './assertions'
import { approvedBusiness, ownNodeAtDepositStep } from './businesses'
import { scenario, type TestBrowser } from './harness'

// The deposit job runs often here; the test itself never moves a deposit on.
const t = await scenario({ simnet: true, env: { DEPOSIT_POLL_MS: '300' } })
afterAll(t.close)
const { env, net } = t

type Event = { id: string; data: DepositView }
type Envelope = { id: string; data: DepositView } | [string, DepositView, ...unknown[]]
const unwrap = (e: Envelope): Event => (Array.isArray(e) ? { id: e[0], data: e[1] } : e)

/** `deposit.watch` as a page holds it: the next event within `ms`, or null. */
async function watch(
  b: TestBrowser,
  input: { businessId: string; onchainInvoiceId: string },
  lastEventId?: string,
) {
  const iter = (await b.caller.deposit.watch({ ...input, lastEventId }))[Symbol.asyncIterator]()
  let pending: Promise<IteratorResult<unknown>> | null = null
  return {
    async next(ms: number): Promise<Event | null> {
      pending ??= iter.next()
      const got = await Promise.race([pending, sleep(ms).then(() => 'quiet' as const)])
      if (got === 'quiet') return null
      pending = null
      return got.done ? null : unwrap(got.value as Envelope)
    },
    /** The next event whose deposit `ok` accepts, within `ms` in all. */
    async until(ok: (d: DepositView) => boolean, ms: number): Promise<Event> {
      const end = Date.now() + ms
      for (;;) {
        const event = await this.next(Math.max(1, end - Date.now()))
        if (!event) throw new Error('no such change came')
        if (ok(event.data)) return event
      }
    },
    /** The page goes away. */
    close: () => void iter.return?.(undefined),
  }
}

/** A business at the deposit step with its node running, and a deposit address. */
async function depositAwaited(amountSat: number) {
  const { b, businessId } = await ownNodeAtDepositStep(env)
  const { onchainInvoiceId } = await b.caller.deposit.create({ businessId, amountSat })
  return { b, input: { businessId, onchainInvoiceId } }
}

describe('deposit.watch', () => {
  it(
    'tells a page each move of the deposit job, and resumes after the last event',
    { timeout: 90_000 },
    async () => {
      const { b, input } = await depositAwaited(250_000)
      const page = await watch(b, input)
      const created = await page.next(20_000)
      expect(created?.data).toMatchObject({
        status: 'unused',
        channel: { state: 'waiting_for_deposit' },
      })

      // Paid: the job sees it on chain, and the page hears of it.
      const { address } = created!.data
      await net.control('POST', '/send', { address, amountSat: 250_000 })
      const receiving = await page.until((d) => d.status === 'receiving', 20_000)
      expect(receiving.data).toMatchObject({ confirmations: 0, receivedSat: 250_000 })
      expect(receiving.id > created!.id).toBe(true)
      page.close()

      // Away and back after the last event, with nothing mined: nothing to tell, though the
      // job reads the deposit several times meanwhile.
      const back = await watch(b, input, receiving.id)
      expect(await back.next(2_000)).toBeNull()

      // Confirmed while the page listens: it hears of it, and of the channel being opened.
      await net.control('POST', '/mine', { blocks: 3 })
      const opening = await back.until((d) => d.channel.state === 'opening', 20_000)
      back.close()
      expect(opening.data).toMatchObject({ status: 'confirmed', confirmations: 3 })
      expect(opening.id > receiving.id).toBe(true)

      // Back with an older id: the deposit as it is now, at once.
      const late = await watch(b, input, created!.id)
      const caughtUp = await late.next(20_000)
      late.close()
      expect(caughtUp?.data).toMatchObject({ status: 'confirmed' })
      expect(caughtUp!.id >= opening.id).toBe(true)

      // The channel opens: the page is told, and that is where the deposit's stream ends.
      await until(
        () =>
          env.database.db
            .selectFrom('onchainInvoices')
            .select('channelPoint')
            .where('id', '=', input.onchainInvoiceId)
            .executeTakeFirstOrThrow(),
        (row) => row.channelPoint !== null,
        'the funding transaction',
      )
      await net.control('POST', '/mine', { blocks: 3 })
      const end = await watch(b, input, caughtUp!.id)
      const open = await end.until((d) => d.channel.state === 'open', 20_000)
      expect(open.data.channel.error).toBeNull()
      expect(await end.next(1_000)).toBeNull()
      expect(
        (await b.caller.businesses.onboardingStep({ businessId: input.businessId })).step,
      ).toBe('completed')
    },
  )

  it("refuses another business's deposit", async () => {
    const { input } = await depositAwaited(200_000)
    const stranger = await approvedBusiness(env)
    const attempt = watch(stranger.b, { ...input, businessId: stranger.businessId })
    const page = await attempt
    await expect(page.next(20_000)).rejects.toThrow(/Deposit not found/)
  })
})
