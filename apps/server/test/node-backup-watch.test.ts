/**
 * The backup subscription held open for each ready own node: a channel opened is in the kept
 * backup within seconds, with no sweep; the stream dropped by a node restart is opened again
 * once the node runs; one instance holds each node's subscription.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createBackupLeaseRepo } from '../src/modules/node/backup-lease-repo'
import { until } from './assertions'
import { scenario } from './harness'

const t = await scenario({ simnet: true, business: 'own-node-with-channel' })
afterAll(async () => {
  await t.env.services.nodes.backupWatch?.stop()
  await t.close()
})
const { env, net, hostNodeId } = t
const { b, businessId } = t.owner
expect((await b.caller.node.status({ businessId })).isReady).toBe(true)

const keptChannels = async () =>
  (await env.services.nodes.backups.latest(businessId))?.channelPoints.length ?? 0

/** Whether the server listens to the node's stream of backups (as simnet's lnd sees it). */
const backupStreamOpen = async () =>
  (await net.control<{ streams: string[] }>('GET', '/lnd/streams')).streams.includes(
    `/lnd/${hostNodeId}/v1/channels/backup/subscribe`,
  )

describe('the backup subscription', () => {
  it('keeps a new backup within seconds of a channel opening', async () => {
    const watch = env.services.nodes.backupWatch!
    watch.start()
    await until(
      () => Promise.resolve(watch.following()),
      (ids) => ids.includes(businessId),
      'the node to be followed',
    )
    // On connecting, the kept backup is brought up to date first; then the node's stream opens.
    await until(keptChannels, (n) => n === 2, 'the first backup', 15_000)
    await until(backupStreamOpen, Boolean, 'the node’s backup stream to open')
    const before = (await env.services.nodes.backups.latest(businessId))!.verifiedAt
    net.simnet.world.lightning.openChannelFromLsp(hostNodeId, 300_000)
    await until(keptChannels, (n) => n === 3, 'the backup with the new channel', 15_000)
    const after = (await env.services.nodes.backups.latest(businessId))!
    expect(after.verifiedAt.getTime()).toBeGreaterThan(before.getTime())
    const { admin } = await env.services.nodes.admin(businessId)
    expect(await admin.verifyChannelBackup(after.multiChannelBackup)).toHaveLength(3)
  })

  it('is held by one instance at a time', async () => {
    const other = createBackupLeaseRepo(env.database.db)
    expect(await other.acquire([businessId], 'another instance', 15_000)).toEqual([])
    expect(await other.unheldReadyNodes(10)).not.toContain(businessId)
  })

  it('opens the stream again after the node restarts', async () => {
    await t.nodeHost('restart')
    await until(
      () => b.caller.node.status({ businessId }),
      (s) => s.walletState === 'LOCKED',
      'the node locked',
    )
    await b.caller.node.unlock({ businessId, password: 'my node password' })
    await until(
      () => b.caller.node.status({ businessId }),
      (s) => s.isReady,
      'the node ready again',
    )
    // Opened while the stream may still be reconnecting: caught up on connecting, or streamed.
    net.simnet.world.lightning.openChannelFromLsp(hostNodeId, 200_000)
    await until(keptChannels, (n) => n === 4, 'the backup after the restart', 15_000)
    // and the stream is live again: the next channel comes through it
    await new Promise((r) => setTimeout(r, 500))
    net.simnet.world.lightning.openChannelFromLsp(hostNodeId, 150_000)
    await until(keptChannels, (n) => n === 5, 'the next backup', 15_000)
  })
})
