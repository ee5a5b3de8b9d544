/** Resolving a Lightning address to an invoice the way a wallet does (LUD-06, LUD-16). */

export class LnurlError extends Error {}

interface PayRequest {
  tag?: string
  callback?: string
  minSendable?: number
  maxSendable?: number
  status?: string
  reason?: string
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { accept: 'application/json' } })
  const text = await res.text()
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new LnurlError(`${url} answered ${res.status} without JSON`)
  }
  // LNURL services report errors in the body; the HTTP status is not to be trusted.
  if (body.status === 'ERROR')
    throw new LnurlError(typeof body.reason === 'string' ? body.reason : 'LNURL service error')
  return body
}

export function isLightningAddress(text: string): boolean {
  return /^[a-z0-9\-_.+]+@[a-z0-9\-.]+(:\d+)?$/i.test(text)
}

/**
 * `user@domain` -> GET http(s)://domain/.well-known/lnurlp/user -> callback?amount=<msat>.
 * Local hosts are reached over http, anything else over https, as wallets do.
 */
export async function invoiceFromLightningAddress(
  address: string,
  amountSat: number,
): Promise<string> {
  const [user, domain] = address.toLowerCase().split('@') as [string, string]
  const isLocal =
    /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(domain) || domain.endsWith('.localhost')
  const url = `${isLocal ? 'http' : 'https'}://${domain}/.well-known/lnurlp/${user}`
  const first = (await getJson(url)) as PayRequest
  if (first.tag !== 'payRequest' || !first.callback)
    throw new LnurlError(`${url} is not an LNURL-pay endpoint`)
  const amountMsat = amountSat * 1000
  if (first.minSendable !== undefined && amountMsat < first.minSendable) {
    throw new LnurlError(`amount below the minimum of ${Math.ceil(first.minSendable / 1000)} sat`)
  }
  if (first.maxSendable !== undefined && amountMsat > first.maxSendable) {
    throw new LnurlError(`amount above the maximum of ${Math.floor(first.maxSendable / 1000)} sat`)
  }
  const callback = new URL(first.callback)
  callback.searchParams.set('amount', String(amountMsat))
  const second = await getJson(callback.toString())
  if (typeof second.pr !== 'string') throw new LnurlError('the LNURL callback returned no invoice')
  return second.pr
}
