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

function clientFailingWith(
  code: string,
  onUnauthorized: () => void,
  stillSignedIn: () => Promise<boolean> = () => Promise.resolve(false),
) {
  return createTRPCClient<AppRouter>({
    links: [sessionEndLink({ onUnauthorized, stillSignedIn }), failingWith(code)],
  })
}

/**
 * The server's side of a password change made in this browser: the first subscription ends
 * with its session (UNAUTHORIZED), the next, opened under the new session, gives a value.
 */
function endedThenLive(): TRPCLink<AppRouter> {
  let opened = 0
  return () => () =>
    observable((observer) => {
      opened += 1
      if (opened === 1) {
        observer.error(
          TRPCClientError.from({
            error: { message: 'ended', code: -32001, data: { code: 'UNAUTHORIZED' } },
          }),
        )
        return
      }
      observer.next({ result: { type: 'data', data: { changedAt: new Date(0) } } })
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

  it('checks the session first: still signed in (the session was replaced), the stream opens again', async () => {
    let told = 0
    let asked = 0
    const client = createTRPCClient<AppRouter>({
      links: [
        sessionEndLink({
          onUnauthorized: () => (told += 1),
          stillSignedIn: () => {
            asked += 1
            return Promise.resolve(true)
          },
        }),
        endedThenLive(),
      ],
    })
    const data = await new Promise<unknown>((resolve, reject) => {
      const sub = client.sales.changes.subscribe(
        { businessId: '00000000-0000-4000-8000-000000000000' },
        {
          onData: (value) => {
            sub.unsubscribe()
            resolve(value)
          },
          onError: reject,
        },
      )
    })
    expect(data).toEqual({ changedAt: new Date(0) })
    expect(asked).toBe(1)
    expect(told).toBe(0)
  })

  it('goes to sign-in when the session check finds no session', async () => {
    let told = 0
    let asked = 0
    const error = await subscribeUntilError(
      clientFailingWith(
        'UNAUTHORIZED',
        () => (told += 1),
        () => {
          asked += 1
          return Promise.resolve(false)
        },
      ),
    )
    expect(error).toBeInstanceOf(TRPCClientError)
    expect([asked, told]).toEqual([1, 1])
  })

  it('does not open a stream again and again that the server keeps ending', async () => {
    let told = 0
    const error = await subscribeUntilError(
      clientFailingWith(
        'UNAUTHORIZED',
        () => (told += 1),
        () => Promise.resolve(true),
      ),
    )
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
