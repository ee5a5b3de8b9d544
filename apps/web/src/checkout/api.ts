/** The checkout's calls to the server's public endpoints (`CHECKOUT_API`): JSON in and out. */
import { CHECKOUT_EVENT, type TCheckout } from '@app/domain'
import { CHECKOUT_API } from '@app/domain'

/** A refusal (`{ error, code }`), or no answer at all (`NETWORK`). */
export class CheckoutApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message = code,
  ) {
    super(message)
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, {
      ...init,
      // a GET exactly as the page's head hinted it (no header of its own), so the hint is used
      headers: init?.body ? { 'content-type': 'application/json' } : {},
    })
  } catch {
    throw new CheckoutApiError('NETWORK', 0)
  }
  const body = (await res.json().catch(() => null)) as unknown
  if (!res.ok) {
    const refusal = body as { code?: unknown; error?: unknown } | null
    const code =
      typeof refusal?.code === 'string'
        ? refusal.code
        : res.status === 404
          ? 'NOT_FOUND'
          : 'INTERNAL'
    throw new CheckoutApiError(
      code,
      res.status,
      typeof refusal?.error === 'string' ? refusal.error : code,
    )
  }
  return body as T
}

export const getJson = <T>(url: string) => call<T>(url)

export const postJson = <T>(url: string, body: unknown) =>
  call<T>(url, { method: 'POST', body: JSON.stringify(body) })

/**
 * Follows an invoice's changes (the events stream; the browser reconnects by itself) until
 * `stop` is called. Each event is the whole checkout as the server reads it now.
 */
export function followCheckout(invoiceId: string, onChange: (checkout: TCheckout) => void) {
  const events = new EventSource(CHECKOUT_API.events(invoiceId))
  events.addEventListener(CHECKOUT_EVENT, (event) => {
    try {
      onChange(JSON.parse((event as MessageEvent<string>).data) as TCheckout)
    } catch {
      // a garbled event: the next one carries the whole state again
    }
  })
  return () => events.close()
}
