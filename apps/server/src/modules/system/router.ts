import { publicProcedure, router } from '../../trpc/init'

export const systemRouter = router({
  /** What the web needs before anything else: brand, and whether this is the simulated network. */
  config: publicProcedure.query(({ ctx }) => ({
    brandName: ctx.services.config.brandName,
    isDemo: ctx.services.config.isDemo,
    network: ctx.services.config.network,
  })),
})
