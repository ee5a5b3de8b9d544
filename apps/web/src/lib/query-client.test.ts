import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { createQueryClient, UNAUTHORIZED_IS_AN_ANSWER } from './query-client'

const unauthorized = () =>
  TRPCClientError.from({
    error: { message: 'signed out', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } },
  })

describe('a query answered UNAUTHORIZED', () => {
  it('is a lost session: the app is told', async () => {
    let told = 0
    const client = createQueryClient({ onUnauthorized: () => (told += 1) })
    await expect(
      client.fetchQuery({ queryKey: ['profile'], queryFn: () => Promise.reject(unauthorized()) }),
    ).rejects.toBeInstanceOf(TRPCClientError)
    expect(told).toBe(1)
  })

  it('is only an answer to a caller that expects it (is this terminal paired?)', async () => {
    let told = 0
    const client = createQueryClient({ onUnauthorized: () => (told += 1) })
    await expect(
      client.fetchQuery({
        queryKey: ['device'],
        queryFn: () => Promise.reject(unauthorized()),
        meta: UNAUTHORIZED_IS_AN_ANSWER,
      }),
    ).rejects.toBeInstanceOf(TRPCClientError)
    // asked once: a client-side failure is not retried
    expect(told).toBe(0)
    expect(client.getQueryState(['device'])?.fetchFailureCount).toBe(1)
  })
})
