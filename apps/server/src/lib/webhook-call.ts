/**
 * One webhook call, for every kind of webhook the server sends. The merchant chooses the URL, so
 * outside demo mode the server refuses to be pointed at its own network: `https:` only, no
 * credentials in the URL, and every address the name resolves to must be public (the rule of
 * `lib/public-address.ts`, as for NWC relays and LNURL look-ups). The check runs when the URL is
 * saved and again inside every call's connection, so a name that later resolves elsewhere is
 * refused too. A call is a signed POST with a time limit; redirects are never followed.
 */
import { fetch, type Dispatcher } from 'undici'
import { DomainError } from './errors'
import { hasPublicHost, publicOnlyDispatcher } from './public-address'
import { signedWebhookHeaders } from './webhook-signing'

export { publicOnlyDispatcher } from './public-address'

/** How long a receiver has to answer before the call counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5_000

const refused = () => new DomainError('VALIDATION', 'A webhook URL must be a public https address')

/** Throws VALIDATION unless the URL is https and every address of its host is public. */
export async function assertPublicWebhookUrl(raw: string): Promise<void> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refused()
  }
  if (url.protocol !== 'https:' || !(await hasPublicHost(url))) throw refused()
}

/** What one call came to: delivered on a 2xx answer; otherwise why not. */
export interface WebhookOutcome {
  delivered: boolean
  statusCode: number | null
  error: string | null
}

/**
 * Makes calls: `allowHttp` (the demo and tests) lets plain http and local addresses through;
 * otherwise each call connects to public addresses only, whatever the name says now.
 */
export function createWebhookCaller(opts: { allowHttp: boolean; timeoutMs?: number }) {
  const dispatcher: Dispatcher | undefined = opts.allowHttp ? undefined : publicOnlyDispatcher()
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  return {
    /** The URL check when a webhook is saved (none when `allowHttp`). */
    async checkUrl(url: string): Promise<void> {
      if (!opts.allowHttp) await assertPublicWebhookUrl(url)
    },

    /** POSTs `body` signed with `secret`; never throws. */
    async call(url: string, secret: string, body: string): Promise<WebhookOutcome> {
      try {
        const res = await fetch(url, {
          dispatcher,
          method: 'POST',
          headers: signedWebhookHeaders(secret, body),
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
        await res.body?.cancel().catch(() => {})
        return {
          delivered: res.ok,
          statusCode: res.status,
          error: res.ok ? null : `HTTP ${res.status}`,
        }
      } catch (err) {
        return {
          delivered: false,
          statusCode: null,
          error: err instanceof Error ? err.message.slice(0, 200) : 'failed',
        }
      }
    },
  }
}

export type WebhookCaller = ReturnType<typeof createWebhookCaller>
