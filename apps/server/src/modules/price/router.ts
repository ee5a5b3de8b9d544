import { publicProcedure, router } from '../../trpc/init'

export const priceRouter = router({
  /** Price of 1 BTC in GBP, USD and EUR (minor units) and when it was taken. */
  get: publicProcedure.query(async ({ ctx }) => {
    const price = await ctx.services.price.get()
    return { minorPerBtc: price.minorPerBtc, at: price.at, source: price.source }
  }),
})
