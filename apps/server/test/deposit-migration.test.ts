/**
 * Migration 0013 (deposit checks and expiry, channel error codes) upgrades a database that
 * already holds deposits: every value is kept, the node's words stored for a failed opening are
 * replaced by the sentence of its state and a code, and the deposits are the first the job takes.
 */
import { describe, expect, it } from 'vitest'
import { createDepositRepo } from '../src/modules/deposit/repo'
import { depositView } from '../src/modules/deposit/view'
import { migratedTo, seedOwner } from './migration-support'

describe('the deposit checks and error codes', () => {
  it('upgrade a database holding deposits, which the next pass takes first', async () => {
    const upgrade = await migratedTo('0011-node-status')
    const { db } = upgrade

    const owner = await seedOwner(db, 'owner@deposit.example')
    const businessId = await owner.addBusiness({ name: 'Deposits', onboardingStep: 'deposit' })
    const at = new Date('2026-01-02T03:04:05.678Z')
    const lndText = 'rpc error: code = Unknown desc = peer 10.7.0.3:9735 is not online'
    // Written as the code before this migration wrote them.
    const columns = [
      'id',
      'address',
      'amountSat',
      'status',
      'confirmations',
      'receivedSat',
      'txid',
      'channelState',
      'channelPoint',
      'createdAt',
      'updatedAt',
    ] as const
    const base = { businessId, purpose: 'channel_deposit' as const, createdAt: at, updatedAt: at }
    await db
      .insertInto('onchainInvoices')
      .values([
        { ...base, address: 'bcrt1qwaiting', amountSat: 300_000 },
        {
          ...base,
          address: 'bcrt1qfailed',
          amountSat: 250_000,
          status: 'confirmed',
          confirmations: 3,
          receivedSat: 250_000,
          txid: 'ab'.repeat(32),
          channelState: 'failed',
          channelError: lndText,
        },
        {
          ...base,
          address: 'bcrt1qmanual',
          amountSat: 400_000,
          status: 'confirmed',
          confirmations: 4,
          receivedSat: 400_000,
          txid: 'cd'.repeat(32),
          channelState: 'manual',
          channelPoint: `${'cd'.repeat(32)}:0`,
          channelError: 'Manual processing required',
        },
      ])
      .execute()
    const rowsBefore = await db
      .selectFrom('onchainInvoices')
      .select(columns)
      .orderBy('address')
      .execute()

    await upgrade.migrateToLatest()

    expect(
      await db.selectFrom('onchainInvoices').select(columns).orderBy('address').execute(),
    ).toEqual(rowsBefore)
    const added = await db
      .selectFrom('onchainInvoices')
      .select(['address', 'channelError', 'channelErrorCode', 'checkedAt', 'expiredAt'])
      .orderBy('address')
      .execute()
    expect(added).toEqual([
      {
        address: 'bcrt1qfailed',
        channelError: 'Error opening the channel',
        channelErrorCode: 'CHANNEL_OPEN_FAILED',
        checkedAt: null,
        expiredAt: null,
      },
      {
        address: 'bcrt1qmanual',
        channelError: 'Manual processing required',
        channelErrorCode: 'CHANNEL_MANUAL_PROCESSING',
        checkedAt: null,
        expiredAt: null,
      },
      {
        address: 'bcrt1qwaiting',
        channelError: null,
        channelErrorCode: null,
        checkedAt: null,
        expiredAt: null,
      },
    ])

    // The next pass takes the deposits still moving (never checked) and marks them checked.
    const repo = createDepositRepo(db)
    const due = await repo.claimDue(10)
    expect(due.map((d) => d.address).sort()).toEqual(['bcrt1qmanual', 'bcrt1qwaiting'])
    expect(due.every((d) => d.checkedAt instanceof Date)).toBe(true)
    const failed = await repo.find(businessId, rowsBefore[0]!.id)
    expect(failed && depositView(failed).channel).toEqual({
      state: 'failed',
      error: 'Error opening the channel',
      errorCode: 'CHANNEL_OPEN_FAILED',
    })
    // The old unpaid deposit is given up; the confirmed ones are not.
    expect(await repo.expireUnpaid(24 * 3600_000)).toBe(1)
    expect(await repo.latest(businessId)).toMatchObject({ expiredAt: null })
    expect(await repo.countOpen(businessId)).toBe(0)
  })
})
