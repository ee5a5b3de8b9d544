/**
 * LNURL-pay (LUD-06) and Lightning addresses (LUD-16), resolved on the server: the pay request
 * is read (with a timeout), the amount and comment checked against it, the callback asked for an
 * invoice, and that invoice checked: its amount must be the one asked and its description hash
 * the SHA-256 of the metadata, else it is refused.
 *
 * Anyone may name the service (`withdrawals.quote` needs no password), so outside demo mode the
 * server reaches only public `https:` hosts (`lib/public-address.ts`: checked when connecting,
 * redirects refused) and every way a look-up can go wrong (refused, not reachable, a bad or an
 * `ERROR` answer) is one error with one message: nothing tells which internal hosts answer.
 */
import { createHash } from 'node:crypto'
import { parseInvoice, type BitcoinNetwork, type InvoiceDestination } from '@app/domain'
import { fetch, type Agent, type Dispatcher } from 'undici'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import { isRefusedLiteral, publicOnlyDispatcher } from '../../lib/public-address'

export const LNURL_TIMEOUT_MS = 10_000
/** An answer is a small JSON object; more than this is not one. */
const MAX_ANSWER_BYTES = 64 * 1024

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

/** The one refusal of a look-up that went wrong, whatever went wrong. */
const unusable = () =>
  new DomainError('WITHDRAW_LNURL_UNREACHABLE', 'The Lightning service could not be used')

/** The simulated network is demo mode (config.ts): its LNURL services are on this machine. */
const isDemo = (network: BitcoinNetwork) => network === 'simnet'

// One pool of public-only connections for every look-up outside demo mode.
let publicPool: Agent | null = null

/**
 * Whether the URL may be asked at all: `https:`, and in demo mode also plain `http:` to this
 * machine (the simulated network's services). Outside it, an address named literally must be
 * public (a name is checked when connecting); `.onion` services would need Tor, which the
 * server does not run.
 */
function isAllowedUrl(url: URL, network: BitcoinNetwork): boolean {
  if (!isDemo(network)) return url.protocol === 'https:' && !isRefusedLiteral(url)
  const isLocal = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocal)
}

async function readLimited(res: Awaited<ReturnType<typeof fetch>>): Promise<string> {
  if (!res.body) return ''
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res.body) {
    const bytes = Buffer.from(chunk as Uint8Array)
    size += bytes.byteLength
    if (size > MAX_ANSWER_BYTES) throw unusable()
    chunks.push(bytes)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * How a look-up connects. Left out, it is the public-only pool outside demo mode (and plain
 * connections in it); tests give a pool of their own to reach their local services.
 */
export interface LnurlTransport {
  dispatcher?: Dispatcher
}

async function getJson(
  raw: string,
  network: BitcoinNetwork,
  signal?: AbortSignal,
  transport: LnurlTransport = {},
) {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw unusable()
  }
  if (!isAllowedUrl(url, network)) throw unusable()
  const timeout = AbortSignal.timeout(LNURL_TIMEOUT_MS)
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      // a redirect could lead anywhere, past the check of the host
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      dispatcher:
        transport.dispatcher ??
        (isDemo(network) ? undefined : (publicPool ??= publicOnlyDispatcher())),
    })
    if (!res.ok) {
      await res.body?.cancel().catch(() => {})
      throw unusable()
    }
    const body: unknown = JSON.parse(await readLimited(res))
    // LNURL services report errors in the body whatever the HTTP status
    const status = (body as { status?: unknown } | null)?.status
    if (!body || typeof body !== 'object' || status === 'ERROR') throw unusable()
    return body
  } catch {
    throw unusable()
  }
}

/** The pay request behind an LNURL or a Lightning address. */
export async function fetchPayRequest(
  url: string,
  network: BitcoinNetwork,
  signal?: AbortSignal,
  transport?: LnurlTransport,
): Promise<PayRequest> {
  const parsed = ZPayRequest.safeParse(await getJson(url, network, signal, transport))
  if (!parsed.success || parsed.data.tag !== 'payRequest') throw unusable()
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
  let callback: URL
  try {
    callback = new URL(pr.callback)
  } catch {
    throw unusable()
  }
  callback.searchParams.set('amount', String(amountSat * 1000))
  if (comment) callback.searchParams.set('comment', comment)
  const reply = ZInvoiceReply.safeParse(await getJson(callback.toString(), network, signal))
  if (!reply.success) throw unusable()
  const inv = parseInvoice(reply.data.pr, network, new Date())
  if (!inv.ok) throw unusable()
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
