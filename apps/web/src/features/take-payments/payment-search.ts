import { isUuid } from '@/lib/uuid'

/** `?payment=<id>`: the payment on screen; without it (or with a malformed id), the keypad. */
interface TTakePaymentSearch {
  payment?: string
}

export function validateTakePaymentSearch(search: Record<string, unknown>): TTakePaymentSearch {
  return isUuid(search.payment) ? { payment: search.payment } : {}
}
