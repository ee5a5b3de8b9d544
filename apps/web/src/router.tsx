import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { NotFound, PagePending, RouteError } from './components/route-states'
import { seedBootData } from './lib/boot-data'
import { createQueryClient } from './lib/query-client'
import { TRPCProvider, createTrpcClient, type AppRouter } from './lib/trpc'
import { routeTree } from './routeTree.gen'

/**
 * The router, with the query cache and the tRPC proxy in its context so that route guards and
 * loaders read data through the same cache the components use.
 */
export function createAppRouter() {
  let onUnauthorized = () => {}
  const trpcClient = createTrpcClient({ onUnauthorized: () => onUnauthorized() })
  const queryClient = createQueryClient({ onUnauthorized: () => onUnauthorized() })
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
  seedBootData(queryClient, trpc)

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // TanStack Query decides what is fresh; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    ),
  })

  // The session ended (expired or signed out elsewhere): forget the profile so the route
  // guards send the user to sign in, with a way back to this page.
  onUnauthorized = () => {
    const profileKey = trpc.auth.getProfile.queryKey()
    if (queryClient.getQueryData(profileKey) === null) return
    queryClient.setQueryData(profileKey, null)
    void router.invalidate()
  }

  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
