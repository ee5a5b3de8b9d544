import { createRootRouteWithContext } from '@tanstack/react-router'
import { RootLayout } from '@/features/shell/root-layout'
import type { RouterContext } from '@/lib/router-context'

export const Route = createRootRouteWithContext<RouterContext>()({
  // asked for at once, so it goes in the same request as the first guard's question (who is
  // signed in, which terminal this is) instead of after it
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.system.config.queryOptions())
  },
  loader: async ({ context }) => {
    // Brand name and demo flag; pages fall back to defaults if the server cannot tell yet.
    await context.queryClient
      .ensureQueryData(context.trpc.system.config.queryOptions())
      .catch(() => undefined)
  },
  component: RootLayout,
})
