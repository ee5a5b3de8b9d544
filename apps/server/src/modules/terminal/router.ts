import { tracked } from '@trpc/server'
import { RECEIPT_TOKEN_PATTERN, ZTerminalCharge, ZTerminalEcash } from '@app/domain'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import { deviceProcedure } from '../../trpc/device-procedure'
import { publicProcedure, router } from '../../trpc/init'
import { paymentEventId } from '../payments'

/**
 * A device with a staff member signed in at it (not idle too long); the call is their use. A
 * kiosk (as the device is now) takes payments from its till only.
 */
const staffProcedure = deviceProcedure.use(async ({ ctx, next }) => {
  if (ctx.device.isKiosk) {
    throw new DomainError('KIOSK_NO_MANUAL_ENTRY', 'A kiosk takes payments from its till only')
  }
  if (!ctx.deviceSession.staffId) {
    throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'A staff member must sign in')
  }
  await ctx.services.devices.staffActive(ctx.deviceSession)
  return next()
})

const ZPaymentId = z.object({ paymentId: z.uuid() })

/** `terminal.*`: what the terminal web app calls as its device (and a public receipt). */
export const terminalRouter = router({
  /** The business's currency and the methods its wallet can take (ecash: paid over Lightning). */
  methods: deviceProcedure.query(async ({ ctx }) => {
    const { businessId } = ctx.device
    const [caps, currency] = await Promise.all([
      ctx.services.walletCapabilities(businessId),
      ctx.services.terminal.currency(businessId),
    ])
    const lightning = caps?.lightning ?? false
    const ecash = lightning && ctx.services.ecash.acceptedMints().length > 0
    return { lightning, onchain: caps?.onchain ?? false, ecash, currency }
  }),
  charge: staffProcedure
    .input(ZTerminalCharge)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.terminal.charge(
        { device: ctx.device, staffId: ctx.deviceSession.staffId },
        input,
        signal,
      ),
    ),
  /** The customer's Cashu token for the amount and tip keyed in. */
  redeemEcash: staffProcedure
    .input(ZTerminalEcash)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.terminal.redeemEcash(
        { device: ctx.device, staffId: ctx.deviceSession.staffId },
        input,
        signal,
      ),
    ),
  get: deviceProcedure
    .input(ZPaymentId)
    .query(({ ctx, input }) =>
      ctx.services.terminal.get(
        { device: ctx.device, staffId: ctx.deviceSession.staffId },
        input.paymentId,
      ),
    ),
  follow: deviceProcedure
    .input(ZPaymentId.extend({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      // ends within moments of the device being signed out, regenerated or deleted
      const live = await ctx.services.terminalEvents.whileSignedIn(ctx.deviceSession, signal)
      try {
        const views = ctx.services.terminal.follow(
          { device: ctx.device, staffId: ctx.deviceSession.staffId },
          input.paymentId,
          live.signal,
          input.lastEventId,
        )
        for await (const view of views) {
          if (live.signal.aborted) return
          yield tracked(paymentEventId(view), view)
        }
      } finally {
        live.close()
      }
    }),
  cancel: deviceProcedure
    .input(ZPaymentId)
    .mutation(({ ctx, input }) =>
      ctx.services.terminal.cancel(
        { device: ctx.device, staffId: ctx.deviceSession.staffId },
        input.paymentId,
      ),
    ),
  /** The session's end, its staff member, and the payment a till opened for this device. */
  events: deviceProcedure
    .input(z.object({ lastEventId: z.string().max(64).nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const events = ctx.services.terminalEvents.follow(
        ctx.deviceSession,
        signal,
        input?.lastEventId,
      )
      for await (const { id, event } of events) yield tracked(id, event)
    }),
  receipt: deviceProcedure
    .input(ZPaymentId)
    .query(({ ctx, input }) =>
      ctx.services.terminal.receipt(
        { device: ctx.device, staffId: ctx.deviceSession.staffId },
        input.paymentId,
      ),
    ),
  /** A settled payment's receipt for the customer who scanned its QR (signed token). */
  publicReceipt: publicProcedure
    .input(z.object({ token: z.string().regex(RECEIPT_TOKEN_PATTERN) }))
    .query(({ ctx, input }) => ctx.services.terminal.publicReceipt(input.token)),
})
