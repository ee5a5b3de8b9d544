/**
 * Backups of a merchant's node: a channel backup verified by the node before it is handed out
 * and kept sealed, a new one kept when the channels change, the seed words again for whoever
 * knows the node password.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { nwcBusiness } from './businesses'
import { appCode, rejection } from './assertions'
import { scenario } from './harness'

const t = await scenario({ simnet: true, business: 'own-node-with-channel' })
afterAll(t.close)
const { env, net, hostNodeId } = t
const { b, businessId } = t.owner

const stored = () =>
  env.database.db
    .selectFrom('nodeChannelBackups')
    .selectAll()
    .where('businessId', '=', businessId)
    .executeTakeFirst()

describe('channel backups', () => {
  it('hands out a backup the node verified, and keeps it sealed', async () => {
    const backup = await b.caller.node.channelBackup({ businessId })
    expect(backup.channelCount).toBe(2)
    expect(Buffer.from(backup.fileBase64, 'base64').length).toBeGreaterThan(28)
    const { admin } = await env.services.nodes.admin(businessId)
    expect(await admin.verifyChannelBackup(backup.fileBase64)).toHaveLength(2)

    const info = await b.caller.node.backupInfo({ businessId })
    expect(info.last).toEqual({ verifiedAt: backup.verifiedAt, channelCount: 2 })
    const row = await stored()
    expect(row?.backupSealed).toBeTruthy()
    expect(row?.backupSealed).not.toContain(backup.fileBase64)
    const latest = await env.services.nodes.backups.latest(businessId)
    expect(latest?.multiChannelBackup).toBe(backup.fileBase64)
  })

  it('keeps a new backup when a channel opens, and none while nothing changed', async () => {
    const { backups } = env.services.nodes
    await backups.take(businessId)
    expect(await backups.refreshIfChanged(businessId)).toBe(false)
    net.simnet.world.lightning.openChannelFromLsp(hostNodeId, 300_000)
    expect(await backups.refreshIfChanged(businessId)).toBe(true)
    expect((await b.caller.node.backupInfo({ businessId })).last?.channelCount).toBe(3)

    // The job's pass finds the next change on its own.
    net.simnet.world.lightning.openChannelFromLsp(hostNodeId, 200_000)
    await b.caller.node.status({ businessId })
    await backups.sweep()
    expect((await stored())?.channelPoints).toHaveLength(4)
  })

  it('refuses a backup of a business without a node', async () => {
    const other = await nwcBusiness(env, net)
    const refused = await rejection(
      other.b.caller.node.channelBackup({ businessId: other.businessId }),
    )
    expect(appCode(refused)).toBe('NODE_NOT_READY')
    expect((await other.b.caller.node.backupInfo({ businessId: other.businessId })).last).toBeNull()
  })
})

describe('seed words', () => {
  it('are shown again for the node password only', async () => {
    const empty = await rejection(b.caller.node.revealSeed({ businessId, password: '' }))
    expect(appCode(empty)).toBe('NODE_PASSWORD_EMPTY')
    const wrong = await rejection(
      b.caller.node.revealSeed({ businessId, password: 'not the node password' }),
    )
    expect(appCode(wrong)).toBe('INVALID_NODE_PASSWORD')
    const { seedWords } = await b.caller.node.revealSeed({
      businessId,
      password: 'my node password',
    })
    expect(seedWords).toHaveLength(24)
  })
})
