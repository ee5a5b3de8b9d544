import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { detailCount, detailStrings, serverErrorInfo } from './app-error'

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32600, message, data } })
}

describe('serverErrorInfo', () => {
  it("reads the server's reason and the methods an NWC wallet lacks", () => {
    const info = serverErrorInfo(
      serverError('The wallet does not offer pay_invoice, get_balance', {
        appCode: 'NWC_MISSING_METHODS',
        details: { missing: ['pay_invoice', 'get_balance', 7] },
      }),
    )
    expect(info.reason).toBe('The wallet does not offer pay_invoice, get_balance')
    expect(detailStrings(info, 'missing')).toEqual(['pay_invoice', 'get_balance'])
  })

  it('reads the minimum deposit only when it is a positive whole number', () => {
    const info = (minimumSat: unknown) =>
      serverErrorInfo(serverError('Below minimum', { details: { minimumSat } }))
    expect(detailCount(info(200_000), 'minimumSat')).toBe(200_000)
    expect(detailCount(info('200000'), 'minimumSat')).toBeUndefined()
    expect(detailCount(info(-1), 'minimumSat')).toBeUndefined()
    expect(detailCount(info(1.5), 'minimumSat')).toBeUndefined()
  })

  it('has nothing to add for errors that did not come from the server', () => {
    expect(serverErrorInfo(new Error('boom'))).toEqual({ reason: undefined, details: {} })
    expect(detailStrings(serverErrorInfo('x'), 'missing')).toEqual([])
  })
})
