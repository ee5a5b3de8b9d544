/**
 * The demo wallet's procedures (`demo/demo-wallet.ts`): answered in demo mode only, NOT_FOUND
 * anywhere else. Open to every page of a demo (the terminal and the tip pages have no member
 * session): the money is the simulated network's.
 */
import { z } from 'zod'
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

export const demoRouter = router({
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
