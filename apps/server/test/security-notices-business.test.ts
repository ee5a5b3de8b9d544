/**
 * Security notices to a business's owners (issue 24, notifications): a device login created, a
 * member added (an invitation accepted) or removed, the wallet connection replaced and a payout
 * sent. Each queues exactly one `security-notice` to every owner, each in their language, with
 * the business's name, in the change's transaction; other members get none, and a refused
 * action queues none.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { noticesTo, type QueuedNotice } from './notices-support'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({ simnet: true, screening: true })
afterAll(t.close)
const { env, net } = t
const db = env.database.db
const password = ACCOUNT_PASSWORD

let owner: TestBrowser
let businessId: string
let ownerEmail: string
const coOwnerEmail = uniqueEmail('co-owner')
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? ''

beforeAll(async () => {
  ;({ b: owner, businessId } = await nwcBusiness(env, net))
  ownerEmail = (await owner.caller.auth.getProfile())!.email
  await db.updateTable('users').set({ locale: 'de' }).where('email', '=', ownerEmail).execute()
  // a second owner, who reads French
  const co = env.browser()
  co.cookies.set('i18next', 'fr')
  const { id } = await co.caller.auth.signUp({ email: coOwnerEmail, password })
  await db.insertInto('businessMembers').values({ businessId, userId: id, role: 'owner' }).execute()
})

/** The notices of `event` each owner got: [address, language] pairs, and the notices. */
async function toOwners(event: string): Promise<QueuedNotice[]> {
  return (await noticesTo(env, ownerEmail, coOwnerEmail)).filter((n) => n.data.event === event)
}
const recipients = (ns: QueuedNotice[]) => ns.map((n) => [n.to, n.locale]).sort()
const bothOwners = () => [
  [coOwnerEmail, 'fr'],
  [ownerEmail, 'de'],
]

describe('business notices to every owner', () => {
  it('a device login created: one each, naming the device; none for a refused one', async () => {
    await owner.caller.devices.create({ businessId, name: 'Front till', isKiosk: false })
    const notices = await toOwners('device-login-created')
    expect(recipients(notices)).toEqual(bothOwners().sort())
    for (const n of notices) {
      expect(n.data).toMatchObject({
        subject: 'Front till',
        businessName: 'Corner Café',
        from: '127.0.0.1',
      })
    }
    // the login's secret and pairing link are never in the mail
    expect(JSON.stringify(notices)).not.toMatch(/dev_|secret=/)
    const dup = await rejection(owner.caller.devices.create({ businessId, name: ' front TILL ' }))
    expect(appCode(dup)).toBe('DEVICE_NAME_TAKEN')
    expect(await toOwners('device-login-created')).toHaveLength(2)
  })

  it('a member added and removed: one each, naming the member; the member and refusals get none', async () => {
    const member = env.browser()
    const memberEmail = uniqueEmail('member')
    await member.caller.auth.signUp({ email: memberEmail, password })
    const { link } = await owner.caller.team.invite({
      businessId,
      data: { email: memberEmail, role: 'admin' },
    })
    const other = env.browser()
    await other.caller.auth.signUp({ email: uniqueEmail('other'), password })
    const wrong = await rejection(other.caller.team.accept({ token: tokenOf(link) }))
    expect(appCode(wrong)).toBe('INVITATION_OTHER_EMAIL')
    expect(await toOwners('member-added')).toEqual([])

    await member.caller.team.accept({ token: tokenOf(link) })
    const added = await toOwners('member-added')
    expect(recipients(added)).toEqual(bothOwners().sort())
    expect(added.map((n) => n.data.subject)).toEqual([memberEmail, memberEmail])
    expect(added.every((n) => n.data.businessName === 'Corner Café')).toBe(true)
    expect(await noticesTo(env, memberEmail)).toEqual([])
    // a second accept is refused and tells nobody again
    await rejection(member.caller.team.accept({ token: tokenOf(link) }))
    expect(await toOwners('member-added')).toHaveLength(2)

    const { id: memberId } = (await member.caller.auth.getProfile())!
    const refused = await rejection(
      member.caller.team.remove({ businessId, userId: memberId }), // an admin may not
    )
    expect(appCode(refused)).toBe('ROLE_NOT_ALLOWED')
    expect(await toOwners('member-removed')).toEqual([])
    await owner.caller.team.remove({ businessId, userId: memberId })
    const removed = await toOwners('member-removed')
    expect(recipients(removed)).toEqual(bothOwners().sort())
    expect(removed.map((n) => n.data.subject)).toEqual([memberEmail, memberEmail])
    expect(await noticesTo(env, memberEmail)).toEqual([])
  })

  it('the wallet connection replaced: one each; none while the step-up is missing', async () => {
    const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', {
      name: 'new till wallet',
    })
    const refused = await rejection(owner.caller.walletDetails.replaceNwc({ businessId, url: uri }))
    expect(appCode(refused)).toBe('STEP_UP_REQUIRED')
    expect(await toOwners('wallet-replaced')).toEqual([])
    await owner.caller.walletDetails.replaceNwc({ businessId, url: uri, password })
    const notices = await toOwners('wallet-replaced')
    expect(recipients(notices)).toEqual(bothOwners().sort())
    expect(notices[0]!.data).toMatchObject({ businessName: 'Corner Café', from: '127.0.0.1' })
    // the connection's secret is never in the mail
    expect(JSON.stringify(notices)).not.toContain(new URL(uri).searchParams.get('secret')!)
  })

  it('a payout sent: one each with its amount in sats in their language, once per payout', async () => {
    const inv = net.simnet.world.payer.addInvoice({ valueMsat: 2_000_000, memo: 'payout' })
    const key = randomUUID()
    const confirm = (pw: string) =>
      owner.caller.withdrawals.confirm({
        businessId,
        quote: { destination: inv.paymentRequest },
        idempotencyKey: key,
        password: pw,
      })
    expect(appCode(await rejection(confirm('not the password')))).toBe('WRONG_PASSWORD')
    expect(await toOwners('payout-sent')).toEqual([])
    expect(await confirm(password)).toMatchObject({ status: 'succeeded', amountSat: 2_000 })
    await confirm(password) // the same payout again: answered, not sent twice
    const notices = await toOwners('payout-sent')
    expect(recipients(notices)).toEqual(bothOwners().sort())
    const amount = Object.fromEntries(notices.map((n) => [n.locale, n.data.amount]))
    expect(amount.de).toBe('2.000 sats')
    expect(amount.fr).toMatch(/^2\s000 sats$/u)
    expect(notices[0]!.data.businessName).toBe('Corner Café')
    // an invoice is not named (long, and meaningless to a reader)
    expect(notices[0]!.data.subject).toBeUndefined()
  })
})
