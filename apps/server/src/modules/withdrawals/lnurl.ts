/**
 * LNURL-pay (LUD-06) and Lightning addresses (LUD-16), resolved on the server: the pay request
 * is read (with a timeout), the amount and comment checked against it, the callback asked for an
 * invoice, and that invoice checked: its amount must be the one asked and its description hash
 * the SHA-256 of the metadata, else it is refused.
 */
import { createHash } from 'node:crypto'
import {
  isLocalNetwork,
  parseInvoice,
  type BitcoinNetwork,
  type InvoiceDestination,
} from '@app/domain'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'

export const LNURL_TIMEOUT_MS = 10_000

const ZPayRequest = z.object({
  tag: z.string(),
  callback: z.string().min(1),
  minSendable: z.number().int().nonnegative(),
  maxSendable: z.number().int().positive(),
  metadata: z.string(),
  commentAllowed: z.number().int().nonnegative().optional(),
})
export type PayRequest = z.infer<typeof ZPayRequest>

const ZInvoiceReply = z.object({ pr: z.string().min(1) })

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(LNURL_TIMEOUT_MS)
  let res: Response
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  } catch {
    throw new DomainError('WITHDRAW_LNURL_UNREACHABLE', 'The Lightning service did not answer')
  }
  let body: unknown
  try {
    body = JSON.parse(await res.text())
  } catch {
    throw new DomainError('WITHDRAW_LNURL_INVALID', 'The Lightning service answered garbage')
  }
  // LNURL services report errors in the body whatever the HTTP status
  const b = body as { status?: unknown; reason?: unknown } | null
  if (b && typeof b === 'object' && b.status === 'ERROR') {
    throw new DomainError('WITHDRAW_LNURL_INVALID', 'The Lightning service refused', {
      reason: typeof b.reason === 'string' ? b.reason.slice(0, 200) : '',
    })
  }
  if (!res.ok) throw new DomainError('WITHDRAW_LNURL_UNREACHABLE', `HTTP ${res.status}`)
  return body
}

function allowedUrl(url: string, network: BitcoinNetwork): boolean {
  try {
    const u = new URL(url)
    if (u.protocol === 'https:') return true
    const local = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(u.hostname)
    return (
      u.protocol === 'http:' &&
      (u.hostname.endsWith('.onion') || (local && isLocalNetwork(network)))
    )
  } catch {
    return false
  }
}

/** The pay request behind an LNURL or a Lightning address. */
export async function fetchPayRequest(
  url: string,
  network: BitcoinNetwork,
  signal?: AbortSignal,
): Promise<PayRequest> {
  const raw = await getJson(url, signal)
  const tag = (raw as { tag?: unknown } | null)?.tag
  if (tag !== undefined && tag !== 'payRequest') {
    throw new DomainError('WITHDRAW_LNURL_INVALID', 'The LNURL is not a pay request')
  }
  const parsed = ZPayRequest.safeParse(raw)
  if (!parsed.success || parsed.data.tag !== 'payRequest') {
    throw new DomainError('WITHDRAW_LNURL_INVALID', 'The LNURL is not a valid pay request')
  }
  if (!allowedUrl(parsed.data.callback, network)) {
    throw new DomainError('WITHDRAW_LNURL_INVALID', 'The pay request callback is not https')
  }
  return parsed.data
}

/** Checks the amount and comment against the pay request (LUD-06, LUD-12). */
function checkPayRequest(pr: PayRequest, amountSat: number, comment: string): void {
  const msat = amountSat * 1000
  if (msat < pr.minSendable || msat > pr.maxSendable) {
    throw new DomainError('WITHDRAW_LNURL_AMOUNT_OUT_OF_RANGE', 'Amount not accepted', {
      minSat: Math.ceil(pr.minSendable / 1000),
      maxSat: Math.floor(pr.maxSendable / 1000),
    })
  }
  if (comment.length > (pr.commentAllowed ?? 0)) {
    throw new DomainError('VALIDATION', 'The comment is longer than the recipient allows', {
      max: pr.commentAllowed ?? 0,
    })
  }
}

/** Asks the callback for an invoice of `amountSat` and checks it. */
export async function requestInvoice(
  pr: PayRequest,
  amountSat: number,
  comment: string,
  network: BitcoinNetwork,
  signal?: AbortSignal,
): Promise<InvoiceDestination> {
  checkPayRequest(pr, amountSat, comment)
  const callback = new URL(pr.callback)
  callback.searchParams.set('amount', String(amountSat * 1000))
  if (comment) callback.searchParams.set('comment', comment)
  const reply = ZInvoiceReply.safeParse(await getJson(callback.toString(), signal))
  if (!reply.success) {
    throw new DomainError('WITHDRAW_LNURL_INVALID', 'The Lightning service returned no invoice')
  }
  const inv = parseInvoice(reply.data.pr, network, new Date())
  if (!inv.ok) {
    throw new DomainError('WITHDRAW_LNURL_INVALID', `The returned invoice is unusable`, {
      reason: inv.code,
    })
  }
  if (inv.destination.amountSat !== amountSat) {
    throw new DomainError('WITHDRAW_LNURL_INVOICE_MISMATCH', 'The invoice amount differs', {
      expectedSat: amountSat,
      gotSat: inv.destination.amountSat,
    })
  }
  const expectedHash = createHash('sha256').update(pr.metadata, 'utf8').digest('hex')
  if (inv.destination.descriptionHash !== expectedHash) {
    throw new DomainError(
      'WITHDRAW_LNURL_INVOICE_MISMATCH',
      'The invoice does not commit to the pay request',
    )
  }
  return inv.destination
}
