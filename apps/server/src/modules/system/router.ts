import { publicProcedure, router } from '../../trpc/init'

export const systemRouter = router({
  /**
   * What the web needs before anything else: brand, whether this is the simulated network, and
   * where its Support links lead.
   */
  config: publicProcedure.query(({ ctx }) => ({
    brandName: ctx.services.config.brandName,
    supportUrl: ctx.services.config.supportUrl,
    isDemo: ctx.services.config.isDemo,
    network: ctx.services.config.network,
  })),
})
