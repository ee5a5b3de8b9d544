import type { QueryClient } from '@tanstack/react-query'
import type { Trpc } from './trpc'

/** What every route's beforeLoad and loader receive: the query cache and the typed API proxy. */
export interface RouterContext {
  queryClient: QueryClient
  trpc: Trpc
}
