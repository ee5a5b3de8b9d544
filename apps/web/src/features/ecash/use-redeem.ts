import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTRPC } from '@/lib/trpc'

/** A fresh idempotency key (getRandomValues works outside secure contexts too). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `ecash-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Hands a token to the server, which takes it at its mint and pays the business's wallet. The
 * same token sent again from this page (a retry after a lost answer) carries the same
 * idempotency key, so the server answers with its payment instead of "already spent".
 */
export function useRedeem() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const keys = useRef(new Map<string, string>())
  const options = trpc.ecash.redeem.mutationOptions({
    onSettled: () => {
      // Sales and dashboards count the new payment (or the refused one) from here on.
      void queryClient.invalidateQueries({ queryKey: trpc.sales.pathKey() })
    },
  })
  const send = options.mutationFn
  return useMutation({
    ...options,
    mutationFn: (input, context) => {
      if (!send) throw new Error('redeem has no mutation function')
      let key = keys.current.get(input.token)
      if (!key) {
        key = newKey()
        keys.current.set(input.token, key)
      }
      return send({ ...input, idempotencyKey: input.idempotencyKey ?? key }, context)
    },
  })
}

export function useAcceptedMints(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.ecash.acceptedMints.queryOptions({ businessId }))
}
