/**
 * The data behind the take-payment pages: the business's currency, the bitcoin price, starting a
 * payment (once, however often Charge is pressed) and following it live until it is final.
 */
import { currencyOrDefault, isFinalStatus, type ChargeMethod, type CurrencyCode } from '@app/domain'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useRef } from 'react'
import { parseAppError } from '@/lib/app-error'
import { useTRPC } from '@/lib/trpc'
import type { ChargeAmount } from '@/components/payments/amount'

/** The currency the business charges in (the server uses USD when none was chosen). */
export function useBusinessCurrency(businessId: string): CurrencyCode {
  const trpc = useTRPC()
  const { data } = useSuspenseQuery(trpc.businesses.get.queryOptions({ businessId }))
  return currencyOrDefault(data.currency)
}

/**
 * Whether the business's own node still waits for its channel (its onboarding step is
 * `deposit`): no Lightning payment can be taken until the channel is open. The step the business
 * area's guard read is used; while it says `deposit` it is read again whenever a page needs it,
 * so a channel that opened meanwhile is seen.
 */
export function useAwaitsChannel(businessId: string): boolean {
  const trpc = useTRPC()
  const { data } = useQuery(
    trpc.businesses.onboardingStep.queryOptions(
      { businessId },
      { refetchOnMount: (query) => (query.state.data?.step === 'deposit' ? 'always' : true) },
    ),
  )
  return data?.step === 'deposit'
}

/** A random id naming one charge, also where crypto.randomUUID is missing (plain http). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export interface ChargeInput {
  amount: ChargeAmount
  memo: string
}

/**
 * Starts a payment. Each charge carries its own idempotency key; when a charge got no answer
 * (the network), trying the same charge again reuses the key so the server cannot make two.
 */
export function useCharge(businessId: string, method: ChargeMethod) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const pending = useRef<{ fingerprint: string; key: string } | null>(null)
  const options =
    method === 'lightning'
      ? trpc.payments.createLightning.mutationOptions()
      : trpc.payments.createOnchain.mutationOptions()
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (payment) => {
      queryClient.setQueryData(
        trpc.payments.get.queryKey({ businessId, paymentId: payment.id }),
        payment,
      )
    },
  })

  const charge = (input: ChargeInput) => {
    const fingerprint = JSON.stringify([method, input.amount, input.memo])
    if (pending.current?.fingerprint !== fingerprint) {
      pending.current = { fingerprint, key: newIdempotencyKey() }
    }
    const idempotencyKey = pending.current.key
    return mutation.mutateAsync({ businessId, ...input, idempotencyKey }).then(
      (payment) => {
        pending.current = null
        return payment
      },
      (error: unknown) => {
        // An answer from the server means this charge is over; a new attempt is a new charge.
        if (parseAppError(error).code !== 'NETWORK') pending.current = null
        throw error
      },
    )
  }

  return { charge, isPending: mutation.isPending, reset: mutation.reset }
}

/** One payment, kept current by the server's live updates until it is settled, expired or failed. */
export function useFollowedPayment(businessId: string, paymentId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const input = { businessId, paymentId }
  const query = useQuery(trpc.payments.get.queryOptions(input))
  const isFinal = query.data !== undefined && isFinalStatus(query.data.status)
  const subscription = useSubscription(
    trpc.payments.follow.subscriptionOptions(input, {
      enabled: !isFinal,
      onData: ({ data }) => queryClient.setQueryData(trpc.payments.get.queryKey(input), data),
    }),
  )
  return { query, subscription }
}
