/**
 * What a member does to the business's own node is in the audit log, once the node did it: a
 * channel backup downloaded, the seed words shown, autoloop turned on and off, a loop out, an
 * update started and an unlock each write one event with who and from where; a refused one
 * writes none, and no secret (password, seed word, backup) is kept.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createUpdateRepo } from '../src/modules/node/update-repo'
import { until } from './assertions'
import { scenario } from './harness'
import { auditEventsOf, fromDesk } from './audit-support'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const NODE_PASSWORD = 'my node password'
const UA = 'NodeAudit/1.0 (Office laptop)'
const IP = '192.0.2.44'
const DESK = { ip: IP, userAgent: UA }

const t = await scenario({
  simnet: true,
  screening: true,
  business: 'own-node-with-channel',
  depositSat: 1_000_000,
})
afterAll(t.close)
const { env, net } = t
const db = env.database.db
const { businessId } = t.owner
const { events, oneEvent, noEvent } = auditEventsOf(env, businessId)

const b = fromDesk(env, t.owner.b, DESK)

const status = () => b.caller.node.status({ businessId })

describe('own-node actions in the audit log', () => {
  let byOwner: Record<string, unknown>

  it('a channel backup downloaded and the seed words shown', async () => {
    const me = (await b.caller.auth.getProfile())!
    byOwner = { actorKind: 'member', actorId: me.id, actorName: me.email, ip: IP, userAgent: UA }
    let fileBase64 = ''
    let channels = 0
    const backup = await oneEvent(async () => {
      const r = await b.caller.node.channelBackup({ businessId })
      fileBase64 = r.fileBase64
      channels = r.channelCount
    })
    expect(channels).toBeGreaterThan(0)
    expect(backup).toMatchObject({
      ...byOwner,
      action: 'node.backup_exported',
      details: { channels },
    })
    expect(JSON.stringify(backup)).not.toContain(fileBase64.slice(0, 40))

    await noEvent('INVALID_NODE_PASSWORD', () =>
      b.caller.node.revealSeed({ businessId, password: 'not my node password' }),
    )
    let words: string[] = []
    const revealed = await oneEvent(async () => {
      words = (await b.caller.node.revealSeed({ businessId, password: NODE_PASSWORD })).seedWords
    })
    expect(revealed).toMatchObject({ ...byOwner, action: 'node.seed_revealed' })
    const all = JSON.stringify(await events())
    expect(all).not.toContain(words.slice(0, 4).join(' '))
    expect(all).not.toContain(NODE_PASSWORD)
  })

  it('autoloop on and off, and a loop out once per key', async () => {
    const chain = net.simnet.world.chain
    await noEvent('LOOP_INVALID_ADDRESS', () =>
      b.caller.loop.setupAutoloop({
        businessId,
        destAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        thresholdSat: 900_000,
        budgetSat: 20_000,
        maxFeePercent: 2,
        password: ACCOUNT_PASSWORD,
      }),
    )
    const savings = chain.newAddress('merchant-savings')
    const on = await oneEvent(() =>
      b.caller.loop.setupAutoloop({
        businessId,
        destAddress: savings,
        thresholdSat: 900_000,
        budgetSat: 20_000,
        maxFeePercent: 2,
        password: ACCOUNT_PASSWORD,
      }),
    )
    expect(on).toMatchObject({
      ...byOwner,
      action: 'node.autoloop_changed',
      details: { enabled: true, destination: savings, budgetSat: 20_000, thresholdSat: 900_000 },
    })
    expect(JSON.stringify(on)).not.toContain(ACCOUNT_PASSWORD)
    const off = await oneEvent(() => b.caller.loop.disableAutoloop({ businessId }))
    expect(off).toMatchObject({
      ...byOwner,
      action: 'node.autoloop_changed',
      details: { enabled: false },
    })

    const terms = (await b.caller.loop.overview({ businessId })).terms
    const quote = await b.caller.loop.quote({ businessId, amountSat: terms.minSat })
    const dest = chain.newAddress('loop-out')
    const swap = {
      businessId,
      amountSat: terms.minSat,
      destAddress: dest,
      quote,
      idempotencyKey: randomUUID(),
    }
    await noEvent('LOOP_INVALID_ADDRESS', () =>
      b.caller.loop.swapOut({
        ...swap,
        destAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        password: ACCOUNT_PASSWORD,
      }),
    )
    let swapId = ''
    const out = await oneEvent(async () => {
      swapId = (await b.caller.loop.swapOut({ ...swap, password: ACCOUNT_PASSWORD })).id
    })
    expect(out).toMatchObject({
      ...byOwner,
      action: 'node.loop_out_requested',
      subjectKind: 'loop_swap',
      subjectId: swapId,
      details: { amountSat: terms.minSat, destination: dest },
    })
    // the same request again (a retry) is the same swap: nothing more recorded
    const before = (await events()).length
    expect((await b.caller.loop.swapOut({ ...swap, password: ACCOUNT_PASSWORD })).id).toBe(swapId)
    expect((await events()).length).toBe(before)
  })

  it('an update started, and the unlock after it', async () => {
    await createUpdateRepo(db).publish('0.19.1-beta', 'Faster start')
    await noEvent('CONFLICT', () => b.caller.node.update({ businessId, version: '0.19.0-beta' }))
    const started = await oneEvent(() =>
      b.caller.node.update({ businessId, version: '0.19.1-beta' }),
    )
    expect(started).toMatchObject({
      ...byOwner,
      action: 'node.update_started',
      subjectKind: 'node_update',
      details: { version: '0.19.1-beta' },
    })
    await until(status, (s) => s.hostState === 'locked', 'the node back, locked')

    await noEvent('INVALID_NODE_PASSWORD', () =>
      b.caller.node.unlock({ businessId, password: 'not my node password' }),
    )
    const unlocked = await oneEvent(() =>
      b.caller.node.unlock({ businessId, password: NODE_PASSWORD }),
    )
    expect(unlocked).toMatchObject({ ...byOwner, action: 'node.unlocked' })
    await until(status, (s) => s.isReady, 'the node ready again')
  })
})
