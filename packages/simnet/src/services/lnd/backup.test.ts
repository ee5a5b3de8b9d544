/**
 * Static channel backups in lnd's shapes: a snapshot of every channel, verified only by the node
 * that made it, and a stream that sends a new snapshot when a channel opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type RestClient,
  SwaggerValidator,
  type TestSimnet,
  lndClient,
  startTestSimnet,
  waitFor,
} from './test-support'

const swagger = new SwaggerValidator(['/work/shared/reference/lnd/lightning.swagger.json'], {
  oneofs: ['lnrpcChannelPoint', 'lnrpcOutPoint'],
})
const expectShape = (definition: string, value: unknown) =>
  expect(swagger.check(definition, value)).toBeNull()

let sim: TestSimnet
let shop: RestClient
let other: RestClient

beforeAll(async () => {
  sim = await startTestSimnet()
  sim.world.lightning.createNode('shop', 'shop')
  sim.world.lightning.createNode('other', 'other')
  sim.world.lightning.openChannelFromLsp('shop', 1_000_000)
  sim.world.chain.mine(3)
  shop = lndClient(sim, 'shop')
  other = lndClient(sim, 'other')
})
afterAll(async () => {
  shop.close()
  other.close()
  await sim.stop()
})

type Snapshot = { multi_chan_backup: { multi_chan_backup: string; chan_points: unknown[] } }

describe('channel backups', () => {
  it('verifies its own backup, and refuses another node’s or a damaged one', async () => {
    const backup = await shop.get('/v1/channels/backup')
    expect(backup.status).toBe(200)
    expectShape('lnrpcChanBackupSnapshot', backup.body)
    const multi = (backup.body as Snapshot).multi_chan_backup
    expect(multi.chan_points).toHaveLength(1)

    const verified = await shop.post('/v1/channels/backup/verify', { multi_chan_backup: multi })
    expect(verified.status).toBe(200)
    expectShape('lnrpcVerifyChanBackupResponse', verified.body)
    const channelPoint = sim.world.lightning.node('shop')!.channels()[0]!.channelPoint
    expect(verified.body).toEqual({ chan_points: [channelPoint] })

    const elsewhere = await other.post('/v1/channels/backup/verify', { multi_chan_backup: multi })
    expect(elsewhere.status).toBe(500)
    expect((elsewhere.body as { message: string }).message).toMatch(/unable to unpack/)
    const damaged = Buffer.from(multi.multi_chan_backup, 'base64')
    damaged[damaged.length - 1]! ^= 1
    const broken = await shop.post('/v1/channels/backup/verify', {
      multi_chan_backup: { ...multi, multi_chan_backup: damaged.toString('base64') },
    })
    expect(broken.status).toBe(500)
    const none = await shop.post('/v1/channels/backup/verify', {})
    expect(none.status).toBe(500)
  })

  it('streams a new snapshot when a channel opens', async () => {
    const snapshots: Record<string, unknown>[] = []
    const stream = shop.stream('GET', '/v1/channels/backup/subscribe', undefined, (line) =>
      snapshots.push(line),
    )
    expect(await stream.ready).toBe(200)
    // The control API tells a tester which streams are open.
    const open = (await (await fetch(`${sim.url}/control/lnd/streams`)).json()) as {
      streams: string[]
    }
    expect(open.streams).toContain('/lnd/shop/v1/channels/backup/subscribe')
    sim.world.lightning.openChannelFromLsp('shop', 500_000)
    await waitFor(() => snapshots.length > 0, 'a new snapshot')
    stream.close()
    expect(snapshots.length).toBeGreaterThan(0)
    const result = snapshots[0]!.result as Snapshot
    expectShape('lnrpcChanBackupSnapshot', result)
    expect(result.multi_chan_backup.chan_points).toHaveLength(2)
  })
})
