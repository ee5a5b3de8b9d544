/**
 * What a till and a payer's wallet send over HTTP: tRPC calls with the merchant's session
 * cookie (the wire format of `/trpc`, superjson's `{ json }`), and LNURL-pay for tips.
 */

/** The call did not get an answer: the server went away while it ran (or before). */
export class NoAnswer extends Error {}

/** The server answered with an error. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`refused (${status}): ${JSON.stringify(body).slice(0, 300)}`)
  }

  /** The error catalogue's code (tRPC), the LNURL reason, or the HTTP status. */
  get reason(): string {
    const b = this.body as {
      error?: { json?: { data?: { appCode?: string } } }
      reason?: string
    } | null
    return b?.error?.json?.data?.appCode ?? b?.reason ?? `HTTP ${this.status}`
  }
}

const CALL_TIMEOUT_MS = 15_000

async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response
  let text: string
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
    text = await res.text()
  } catch (err) {
    throw new NoAnswer(err instanceof Error ? err.message : String(err))
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Refused(res.status, text)
  }
  return { status: res.status, body }
}

export function trpcClient(origin: string, sessionCookie: string) {
  const headers = { cookie: sessionCookie, 'x-trpc-source': 'web' }
  const unwrap = <T>({ status, body }: { status: number; body: unknown }): T => {
    const b = body as { result?: { data?: { json?: T } } }
    if (status !== 200 || !b.result?.data) throw new Refused(status, body)
    return b.result.data.json as T
  }
  return {
    async mutate<T>(path: string, input: unknown): Promise<T> {
      return unwrap<T>(
        await send(`${origin}/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ json: input }),
        }),
      )
    },
    async query<T>(path: string, input: unknown): Promise<T> {
      const q = encodeURIComponent(JSON.stringify({ json: input }))
      return unwrap<T>(await send(`${origin}/trpc/${path}?input=${q}`, { headers }))
    },
  }
}

export type TrpcClient = ReturnType<typeof trpcClient>

/**
 * A tip invoice as a payer's wallet asks for it (LUD-06/16): the page's pay request, then its
 * callback with the amount and a nonce (a wallet that asks again with it gets the same invoice).
 */
export async function tipInvoice(
  origin: string,
  shortName: string,
  amountSat: number,
  nonce: string,
): Promise<string> {
  const first = await send(`${origin}/.well-known/lnurlp/${shortName}`, {})
  const pay = first.body as { callback?: string; status?: string }
  if (!pay.callback) throw new Refused(first.status, first.body)
  const callback = new URL(pay.callback)
  callback.searchParams.set('amount', String(amountSat * 1000))
  callback.searchParams.set('nonce', nonce)
  const second = await send(callback.toString(), {})
  const answer = second.body as { pr?: string }
  if (typeof answer.pr !== 'string') throw new Refused(second.status, second.body)
  return answer.pr
}
