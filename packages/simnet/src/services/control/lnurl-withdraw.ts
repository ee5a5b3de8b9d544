/**
 * The payer claiming an LNURL-withdraw the way a wallet does (LUD-01, LUD-03, LUD-17): decode
 * the LNURL (bech32 `lnurl1…`, or `lnurlw://`), GET the withdraw request, make an invoice on
 * the payer's node for the most it may withdraw, and send it to the callback with the k1.
 * `POST /control/lnurl-withdraw {lnurl, wait?}`; with `wait` the answer comes once the invoice
 * is paid (or after 30 s, still open).
 */
import { bech32 } from '@scure/base'
import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'
import { LnurlError } from './lnurl'

interface WithdrawRequest {
  tag?: unknown
  callback?: unknown
  k1?: unknown
  minWithdrawable?: unknown
  maxWithdrawable?: unknown
  defaultDescription?: unknown
}

/** The URL an LNURL stands for. */
export function decodeLnurl(text: string): URL {
  const t = text.trim().replace(/^lightning:/i, '')
  if (/^lnurlw:\/\//i.test(t)) {
    const url = new URL(t.replace(/^lnurlw:/i, 'https:'))
    if (/^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)) url.protocol = 'http:'
    return url
  }
  if (!/^lnurl1/i.test(t)) throw new LnurlError('not an LNURL')
  const { prefix, words } = bech32.decode(t.toLowerCase() as `${string}1${string}`, 2000)
  if (prefix !== 'lnurl') throw new LnurlError('not an LNURL')
  return new URL(new TextDecoder().decode(bech32.fromWords(words)))
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { accept: 'application/json' } })
  let body: Record<string, unknown>
  try {
    body = (await res.json()) as Record<string, unknown>
  } catch {
    throw new LnurlError(`${url} answered ${res.status} without JSON`)
  }
  // LNURL services report errors in the body; the HTTP status is not to be trusted
  if (body.status === 'ERROR') {
    throw new LnurlError(typeof body.reason === 'string' ? body.reason : 'LNURL service error')
  }
  return body
}

async function claimWithdraw(world: World, lnurl: string, wait: boolean) {
  const first = (await getJson(decodeLnurl(lnurl).toString())) as WithdrawRequest
  if (first.tag !== 'withdrawRequest' || typeof first.callback !== 'string') {
    throw new LnurlError('not an LNURL-withdraw request')
  }
  if (typeof first.k1 !== 'string' || typeof first.maxWithdrawable !== 'number') {
    throw new LnurlError('the withdraw request has no k1 or maxWithdrawable')
  }
  const msat = Math.floor(first.maxWithdrawable / 1000) * 1000
  const min = typeof first.minWithdrawable === 'number' ? first.minWithdrawable : 0
  if (msat <= 0 || msat < min) throw new LnurlError('nothing to withdraw in whole sats')
  const invoice = await world.payer.addInvoiceAsync({
    valueMsat: msat,
    memo: typeof first.defaultDescription === 'string' ? first.defaultDescription : '',
  })
  const callback = new URL(first.callback)
  callback.searchParams.set('k1', first.k1)
  callback.searchParams.set('pr', invoice.paymentRequest)
  await getJson(callback.toString())
  const deadline = Date.now() + 30_000
  while (wait && Date.now() < deadline) {
    if (world.payer.lookupInvoice(invoice.paymentHash)?.state === 'SETTLED') break
    await new Promise((r) => setTimeout(r, 200))
  }
  const state = world.payer.lookupInvoice(invoice.paymentHash)?.state ?? 'OPEN'
  return {
    amountSat: msat / 1000,
    paymentHash: invoice.paymentHash,
    invoice: invoice.paymentRequest,
    state,
  }
}

export function registerLnurlWithdrawControl(app: FastifyInstance, world: World): void {
  app.post('/control/lnurl-withdraw', async (req, reply) => {
    const body = (req.body ?? {}) as { lnurl?: unknown; wait?: unknown }
    if (typeof body.lnurl !== 'string' || !body.lnurl.trim()) {
      return reply.code(400).send({ error: 'lnurl (an LNURL-withdraw) is required' })
    }
    try {
      return await claimWithdraw(world, body.lnurl, body.wait === true)
    } catch (err) {
      if (err instanceof LnurlError || err instanceof TypeError) {
        return reply.code(400).send({ error: err.message })
      }
      throw err
    }
  })
}
