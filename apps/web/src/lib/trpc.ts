/**
 * The typed client for the server's tRPC API at /trpc. Queries and mutations go batched over
 * HTTP; subscriptions over server-sent events, reconnecting after transient server errors.
 */
import { MAX_BATCH_CALLS } from '@app/domain'
import type { AppRouter } from '@app/server/router'
import {
  createTRPCClient,
  httpBatchLink,
  httpSubscriptionLink,
  retryLink,
  splitLink,
  type TRPCLink,
} from '@trpc/client'
import { observable } from '@trpc/server/observable'
import {
  createTRPCContext,
  type TRPCOptionsProxy,
  type inferOutput,
} from '@trpc/tanstack-react-query'
import superjson from 'superjson'

export type { AppRouter }
export type Trpc = TRPCOptionsProxy<AppRouter>
/** The signed-in user as the server describes them. */
export type Profile = NonNullable<inferOutput<Trpc['auth']['getProfile']>>

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

const API_URL = '/trpc'
/** The server refuses mutations that do not carry this header (a cross-site form cannot). */
const SOURCE_HEADER = { 'x-trpc-source': 'web' } as const
const TRANSIENT_CODES = new Set([
  'INTERNAL_SERVER_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
])

/**
 * A subscription that ends because the session ended (signed out elsewhere, revoked, expired)
 * tells the app, as a failed query does, so the page goes to sign-in at once.
 */
export function sessionEndLink(onUnauthorized: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (err) => {
            if (op.type === 'subscription' && err.data?.code === 'UNAUTHORIZED') onUnauthorized()
            observer.error(err)
          },
          complete: () => observer.complete(),
        }),
      )
}

export function createTrpcClient({ onUnauthorized }: { onUnauthorized: () => void }) {
  return createTRPCClient<AppRouter>({
    links: [
      sessionEndLink(onUnauthorized),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: [
          retryLink({
            retry: ({ error }) => {
              const code = error.data?.code
              return code === undefined || TRANSIENT_CODES.has(code)
            },
            retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 30_000),
          }),
          httpSubscriptionLink({
            url: API_URL,
            transformer: superjson,
            // EventSource cannot set headers; the source goes as a connection parameter.
            connectionParams: () => SOURCE_HEADER,
            eventSourceOptions: { withCredentials: true },
          }),
        ],
        false: httpBatchLink({
          url: API_URL,
          // the server refuses larger batches (its maxBatchSize)
          maxItems: MAX_BATCH_CALLS,
          transformer: superjson,
          headers: () => SOURCE_HEADER,
          fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
        }),
      }),
    ],
  })
}
