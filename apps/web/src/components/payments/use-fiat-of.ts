/**
 * What sats are worth in the business's currency, for the pages that show money in sats: the
 * current price from the shared price query, null while it is not known.
 */
import { useQuery } from '@tanstack/react-query'
import { currencyOrDefault, isCurrencyCode } from '@app/domain'
import { formatFiatOfSats } from '@/lib/money-beside'
import { useTRPC } from '@/lib/trpc'
import { usePrice } from './payment-data'

export function useFiatOf(
  currency: string | null | undefined,
): (amountSat: number) => string | null {
  const price = usePrice()
  const rate = currency && isCurrencyCode(currency) ? price.data?.minorPerBtc[currency] : undefined
  return (amountSat) => (currency ? formatFiatOfSats(amountSat, currency, rate) : null)
}

/** The business's currency (the default one while the business is loading). */
export function useBusinessCurrency(businessId: string): string {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.businesses.get.queryOptions({ businessId }))
  return currencyOrDefault(data?.currency)
}
