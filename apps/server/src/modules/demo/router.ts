/**
 * The demo wallet's procedures (`demo/demo-wallet.ts`): answered in demo mode only, NOT_FOUND
 * anywhere else. Open to every page of a demo (the terminal and the tip pages have no member
 * session): the money is the simulated network's.
 */
import { z } from 'zod'
import type { DemoMailbox } from '../../demo/demo-mailbox'
import type { DemoWallet } from '../../demo/demo-wallet'
import { DomainError } from '../../lib/errors'
import { publicProcedure, router } from '../../trpc/init'

/** The largest single demo payment: the payer's funds are large but not endless. */
const DEMO_MAX_SAT = 10_000_000
const ZSat = z.number().int().positive().max(DEMO_MAX_SAT)

const demoProcedure = publicProcedure.use(({ ctx, next }) => {
  const wallet: DemoWallet | null = ctx.services.demoWallet
  if (!wallet) throw new DomainError('NOT_FOUND', 'There is no demo wallet here')
  return next({ ctx: { ...ctx, demoWallet: wallet } })
})

const mailboxProcedure = publicProcedure.use(({ ctx, next }) => {
  const mailbox: DemoMailbox | null = ctx.services.demoMailbox
  if (!mailbox) throw new DomainError('NOT_FOUND', 'There is no demo mailbox here')
  return next({ ctx: { ...ctx, mailbox } })
})

export const demoRouter = router({
  /**
   * The demo mailbox (`demo/demo-mailbox.ts`): every mail the demo sent, newest first. Open to
   * every page of a demo, like the wallet: the demo listens on this machine only by default.
   */
  mailbox: mailboxProcedure
    .input(z.object({ to: z.string().trim().max(320).optional() }).default({}))
    .query(({ ctx, input }) => ctx.mailbox.list(input.to)),

  mail: mailboxProcedure.input(z.object({ id: z.uuid() })).query(({ ctx, input }) => {
    const mail = ctx.mailbox.get(input.id)
    if (!mail) throw new DomainError('NOT_FOUND', 'No such message')
    return mail
  }),

  /** Balance, Lightning address and recent activity. */
  wallet: demoProcedure.query(({ ctx }) => ctx.demoWallet.summary()),

  /** Pays an invoice, a BIP21 URI, a Bitcoin address or a Lightning address. */
  pay: demoProcedure
    .input(z.object({ request: z.string().trim().min(1).max(2_000), amountSat: ZSat.optional() }))
    .mutation(({ ctx, input }) => ctx.demoWallet.pay(input.request, input.amountSat ?? null)),

  mine: demoProcedure
    .input(z.object({ blocks: z.number().int().min(1).max(10).default(1) }))
    .mutation(({ ctx, input }) => ctx.demoWallet.mine(input.blocks)),

  mintToken: demoProcedure
    .input(z.object({ amountSat: ZSat }))
    .mutation(({ ctx, input }) => ctx.demoWallet.mintToken(input.amountSat)),

  invoice: demoProcedure
    .input(z.object({ amountSat: ZSat, memo: z.string().trim().max(200).default('') }))
    .mutation(({ ctx, input }) => ctx.demoWallet.invoice(input.amountSat, input.memo)),

  address: demoProcedure.mutation(({ ctx }) => ctx.demoWallet.address()),
})
