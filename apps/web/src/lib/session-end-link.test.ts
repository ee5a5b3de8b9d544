import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client'
import { observable } from '@trpc/server/observable'
import { describe, expect, it } from 'vitest'
import { sessionEndLink, type AppRouter } from './trpc'

/** The end of the chain: every call fails with the given tRPC error code. */
function failingWith(code: string): TRPCLink<AppRouter> {
  return () => () =>
    observable((observer) => {
      observer.error(
        TRPCClientError.from({
          error: { message: 'ended', code: -32001, data: { code, httpStatus: 401 } },
        }),
      )
    })
}

function clientFailingWith(code: string, onUnauthorized: () => void) {
  return createTRPCClient<AppRouter>({
    links: [sessionEndLink(onUnauthorized), failingWith(code)],
  })
}

function subscribeUntilError(client: ReturnType<typeof clientFailingWith>): Promise<unknown> {
  return new Promise((resolve) => {
    client.sales.changes.subscribe(
      { businessId: '00000000-0000-4000-8000-000000000000' },
      { onError: resolve },
    )
  })
}

describe('a subscription ended by the server', () => {
  it('sends the app to sign-in when the session ended', async () => {
    let told = 0
    const error = await subscribeUntilError(clientFailingWith('UNAUTHORIZED', () => (told += 1)))
    expect(error).toBeInstanceOf(TRPCClientError)
    expect(told).toBe(1)
  })

  it('leaves other errors to the page', async () => {
    let told = 0
    await subscribeUntilError(clientFailingWith('NOT_FOUND', () => (told += 1)))
    expect(told).toBe(0)
  })

  it('leaves an unauthorized query to the query cache, which already handles it', async () => {
    let told = 0
    const client = clientFailingWith('UNAUTHORIZED', () => (told += 1))
    await expect(client.auth.getProfile.query()).rejects.toBeInstanceOf(TRPCClientError)
    expect(told).toBe(0)
  })
})
