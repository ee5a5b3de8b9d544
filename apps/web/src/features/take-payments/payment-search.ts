import { z } from 'zod'

/** `?payment=<id>`: the payment on screen; without it (or with a malformed id), the keypad. */
export interface TTakePaymentSearch {
  payment?: string
}

export function validateTakePaymentSearch(search: Record<string, unknown>): TTakePaymentSearch {
  const payment = z.uuid().safeParse(search.payment)
  return payment.success ? { payment: payment.data } : {}
}
