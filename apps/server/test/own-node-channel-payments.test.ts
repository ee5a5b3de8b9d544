/**
 * A business on its own hosted node takes no Lightning payment before its channel is open: an
 * invoice then would have no channel to arrive through. Lightning charges (the business area's,
 * the terminal's), tips and ecash are refused with NODE_CHANNEL_NOT_OPEN before any row is
 * written; on-chain payments are taken (the node has an on-chain wallet), without a Lightning
 * invoice beside the address. Once the channel is open, Lightning is taken.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { channelOpened, ownNodeWithDeposit } from './businesses'
import { scenario } from './harness'
import { appCode, rejection } from './assertions'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { env, net } = t

const paymentRows = (businessId: string) =>
  env.database.db
    .selectFrom('payments')
    .select(['method', 'status'])
    .where('businessId', '=', businessId)
    .execute()

describe('an own node before its channel is open', () => {
  it(
    'refuses Lightning with NODE_CHANNEL_NOT_OPEN and records nothing, takes on-chain, then takes Lightning once the channel is open',
    { timeout: 120_000 },
    async () => {
      const deposited = await ownNodeWithDeposit(env, net, 250_000)
      const { b, businessId } = deposited
      const tips = await b.caller.tips.create({
        businessId,
        shortName: 'before-channel',
        description: 'Thanks',
      })
      const { credentials } = await b.caller.devices.create({ businessId, name: 'Till' })
      const pin = '864213'
      const staff = await b.caller.staff.create({
        businessId,
        name: 'Rita',
        language: 'en',
        pin,
        permissions: { eodReport: false, refundReport: false, refund: false },
      })
      const d = env.browser()
      await d.caller.device.signIn(credentials)
      await d.caller.device.staffSignIn({ staffId: staff.id, pin })

      const lightning = () =>
        b.caller.payments.createLightning({ businessId, amount: { sat: 5_000 }, memo: 'coffee' })
      expect(appCode(await rejection(lightning()))).toBe('NODE_CHANNEL_NOT_OPEN')
      const atTerminal = await rejection(
        d.caller.terminal.charge({
          amount: { sat: 5_000 },
          method: 'lightning',
          idempotencyKey: 'before-channel-terminal',
        }),
      )
      expect(appCode(atTerminal)).toBe('NODE_CHANNEL_NOT_OPEN')
      await expect(
        env.services.tips.invoice(tips.shortName, { amount: '10000000' }),
      ).rejects.toMatchObject({
        reason: 'This business cannot take Lightning tips until its channel is open',
      })
      expect(await paymentRows(businessId)).toEqual([])

      // On chain is taken meanwhile, the address alone (no invoice no one could pay).
      const onchain = await b.caller.payments.createOnchain({
        businessId,
        amount: { sat: 20_000 },
        memo: 'catering',
      })
      expect(onchain.address).toBeTruthy()
      expect(onchain.paymentRequest).toBeNull()
      expect(onchain.bip21).toBe(`bitcoin:${onchain.address}?amount=0.0002`)
      expect(await paymentRows(businessId)).toEqual([{ method: 'onchain', status: 'pending' }])

      await channelOpened(env, net, deposited)
      const taken = await lightning()
      expect(taken).toMatchObject({ method: 'lightning', status: 'pending', amountSat: 5_000 })
      expect(taken.paymentRequest).toMatch(/^ln/)
      const charged = await d.caller.terminal.charge({
        amount: { sat: 5_000 },
        method: 'lightning',
        idempotencyKey: 'after-channel-terminal',
      })
      expect(charged).toMatchObject({ method: 'lightning', status: 'pending' })
      const tip = await env.services.tips.invoice(tips.shortName, { amount: '10000000' })
      expect(tip.pr).toMatch(/^ln/)
    },
  )
})
