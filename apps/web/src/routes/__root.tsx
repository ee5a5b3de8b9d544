import { createRootRouteWithContext } from '@tanstack/react-router'
import { RootLayout } from '@/features/shell/root-layout'
import type { RouterContext } from '@/lib/router-context'

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: async ({ context }) => {
    // Brand name and demo flag; pages fall back to defaults if the server cannot tell yet.
    await context.queryClient
      .ensureQueryData(context.trpc.system.config.queryOptions())
      .catch(() => undefined)
  },
  component: RootLayout,
})
