/**
 * `node.watch` is driven by events: a change the node host makes reaches an open page through
 * the sweep on the job queue (the page asks nothing), an action on the node is told at once, and
 * a page reconnecting with the id of the last event it got is told again only if the node
 * changed while it was away.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import type { NodeStatus } from '../src/modules/node/status'
import { approvedBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

// Nodes wait for the operator's approval here: a change no page asks for.
const t = await scenario({
  simnet: { autoApproveNodes: false },
  externals: (net) => ({ ...net!.externals, acceptedMints: [] }),
})
afterAll(t.close)
const { env } = t
const simnet = t.net.simnet

type Event = { id: string; data: NodeStatus }
type Envelope = { id: string; data: NodeStatus } | [string, NodeStatus, ...unknown[]]
const unwrap = (e: Envelope): Event => (Array.isArray(e) ? { id: e[0], data: e[1] } : e)

/** `node.watch` as a page holds it: the next event within `ms`, or null. */
async function watch(b: TestBrowser, businessId: string, lastEventId?: string) {
  const iter = (await b.caller.node.watch({ businessId, lastEventId }))[Symbol.asyncIterator]()
  let pending: Promise<IteratorResult<unknown>> | null = null
  return {
    async next(ms: number): Promise<Event | null> {
      pending ??= iter.next()
      const got = await Promise.race([pending, sleep(ms).then(() => 'quiet' as const)])
      if (got === 'quiet') return null
      pending = null
      return got.done ? null : unwrap(got.value as Envelope)
    },
    /** The next event whose status `ok` accepts, within `ms` in all. */
    async until(ok: (s: NodeStatus) => boolean, ms: number): Promise<Event> {
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

async function approve(businessId: string) {
  const row = await env.database.db
    .selectFrom('lightningNodes')
    .select('hostNodeId')
    .where('businessId', '=', businessId)
    .executeTakeFirstOrThrow()
  const res = await fetch(`${simnet.url}/control/nodehost/nodes/${row.hostNodeId}/approve`, {
    method: 'POST',
  })
  expect(res.status).toBe(200)
}

describe('node.watch', () => {
  it('tells a page what the host changed, and resumes after the last event', async () => {
    const { b, businessId } = await approvedBusiness(env)
    await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'lightningNode' })
    await b.caller.node.request({ businessId })

    const page = await watch(b, businessId)
    const first = await page.next(20_000)
    expect(first?.data.exists).toBe(true)
    const waiting =
      first?.data.hostState === 'waiting_for_approval'
        ? first
        : await page.until((s) => s.hostState === 'waiting_for_approval', 20_000)
    page.close()

    // Away and back after the last event, while the node still waits: nothing to tell,
    // though the sweep reads the node every second meanwhile.
    const back = await watch(b, businessId, waiting.id)
    expect(await back.next(2_500)).toBeNull()

    // The operator approves on the host; the page, asking nothing, hears of it.
    await approve(businessId)
    const approved = await back.next(20_000)
    expect(approved?.data.hostState).not.toBe('waiting_for_approval')
    expect(approved!.id > waiting.id).toBe(true)
    const ready =
      approved?.data.hostState === 'waiting_for_initialisation'
        ? approved
        : await back.until((s) => s.hostState === 'waiting_for_initialisation', 20_000)
    back.close()

    // Back with an older id: the node as it is now, at once.
    const late = await watch(b, businessId, first!.id)
    const caughtUp = await late.next(20_000)
    late.close()
    expect(caughtUp?.data.hostState).toBe('waiting_for_initialisation')
    expect(caughtUp!.id >= ready.id).toBe(true)
  })

  it('tells of a request and of an initialisation at once', async () => {
    const { b, businessId } = await approvedBusiness(env)
    await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'lightningNode' })
    const page = await watch(b, businessId)
    const none = await page.next(20_000)
    expect(none?.data).toMatchObject({ exists: false })
    await b.caller.node.request({ businessId })
    const requested = await page.next(20_000)
    expect(requested?.data.exists).toBe(true)
    if (requested?.data.hostState !== 'waiting_for_approval') {
      await page.until((s) => s.hostState === 'waiting_for_approval', 20_000)
    }
    await approve(businessId)
    const waiting = await page.until((s) => s.hostState === 'waiting_for_initialisation', 20_000)
    // Waiting for the password is settled: not read again for a long while.
    expect(await page.next(2_500)).toBeNull()

    const password = 'my node password'
    await b.caller.node.initialise({ businessId, password, confirmPassword: password })
    // Read and stored by the action itself, not left to the next sweep.
    const stored = await env.database.db
      .selectFrom('lightningNodes')
      .select('status')
      .where('businessId', '=', businessId)
      .executeTakeFirstOrThrow()
    expect(stored.status).toMatchObject({ isInitialised: true })
    const initialised = await page.next(20_000)
    page.close()
    expect(initialised?.data.isInitialised).toBe(true)
    expect(initialised!.id > waiting.id).toBe(true)
  })
})
