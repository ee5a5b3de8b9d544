import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { isLastingProblem, parsePaymentError } from './payment-error'

/** An error as the tRPC client builds it from the server's JSON error response. */
function serverError(data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32600, message: 'refused', data } })
}

describe('why a payment could not be started', () => {
  it("reads the wallet's and the price's own codes", () => {
    for (const [appCode, code] of [
      ['NO_WALLET', 'PRECONDITION_FAILED'],
      ['WALLET_UNSUPPORTED', 'BAD_REQUEST'],
      ['WALLET_UNAVAILABLE', 'BAD_GATEWAY'],
      ['PRICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'],
    ] as const) {
      expect(parsePaymentError(serverError({ code, appCode })).code).toBe(appCode)
    }
  })

  it('keeps the range the server accepts for an amount out of range', () => {
    const error = serverError({
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION',
      details: { minSat: 1, maxSat: 100_000_000 },
    })
    expect(parsePaymentError(error)).toMatchObject({
      code: 'VALIDATION',
      range: { minSat: 1, maxSat: 100_000_000 },
    })
  })

  it('falls back to the codes every page knows', () => {
    expect(parsePaymentError(serverError({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' })).code).toBe(
      'FORBIDDEN',
    )
    expect(parsePaymentError(new Error('boom')).code).toBe('UNKNOWN')
  })

  it('keeps a lasting problem on the page, and toasts a passing one', () => {
    expect(isLastingProblem('NO_WALLET')).toBe(true)
    expect(isLastingProblem('WALLET_UNSUPPORTED')).toBe(true)
    expect(isLastingProblem('NODE_CHANNEL_NOT_OPEN')).toBe(true)
    expect(isLastingProblem('WALLET_UNAVAILABLE')).toBe(false)
    expect(isLastingProblem('PRICE_UNAVAILABLE')).toBe(false)
  })
})
