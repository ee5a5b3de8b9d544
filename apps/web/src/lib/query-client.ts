import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isClientSideFailure, parseAppError } from './app-error'
import { notifyError } from './notify'

/**
 * The meta of a query whose caller takes UNAUTHORIZED as an answer (the terminal asking whether
 * it is paired): its failure is not a lost session.
 */
export const UNAUTHORIZED_IS_AN_ANSWER = { unauthorizedIsAnAnswer: true }

/**
 * Data is fresh until something invalidates it (staleTime: Infinity). A lost session anywhere
 * calls `onUnauthorized`, which sends the user to sign in again.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }) {
  const handleUnauthorized = (error: unknown): boolean => {
    if (parseAppError(error).code !== 'UNAUTHORIZED') return false
    onUnauthorized()
    return true
  }
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: (failureCount, error) => failureCount < 2 && !isClientSideFailure(error),
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.unauthorizedIsAnAnswer === true) return
        if (handleUnauthorized(error)) return
        // A failed first load shows on the page itself; a failed refresh of shown data gets a toast.
        if (query.state.data !== undefined) notifyError(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        handleUnauthorized(error)
      },
    }),
  })
}
