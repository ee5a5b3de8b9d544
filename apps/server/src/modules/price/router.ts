import { publicProcedure, router } from '../../trpc/init'

export const bitcoinRouter = router({
  /** Price of 1 BTC in GBP, USD and EUR (minor units) and when it was taken. */
  getPrice: publicProcedure.query(async ({ ctx }) => {
    const price = await ctx.services.price.get()
    return { minorPerBtc: price.minorPerBtc, at: price.at, source: price.source }
  }),
})
