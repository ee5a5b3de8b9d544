/**
 * LNURL over plain HTTP, for every route family that speaks it: tip pages' LNURL-pay (LUD-06,
 * LUD-16) and refunds' LNURL-withdraw (LUD-03). The paths wallets call, the bech32 LNURL a QR
 * code carries, the shapes of the answers, and the one way these routes answer: no sign-in, any
 * site may call them (wallets run in browsers too), and a refusal is a 200 with
 * `{ status: 'ERROR', reason }`, as LNURL clients read the body (a spent rate limit also says
 * when to try again, in `Retry-After`).
 */
import { LNURL_PATHS } from '@app/domain'
import { bech32 } from '@scure/base'
import type { FastifyReply } from 'fastify'
import { RateLimitedError } from './errors'

export function isLnurlPath(url: string): boolean {
  return LNURL_PATHS.some((p) => url.startsWith(p))
}

/** The LNURL (LUD-01) of `url`, upper case so a QR code can use its compact alphanumeric mode. */
export function encodeLnurl(url: string): string {
  return bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2000).toUpperCase()
}

/** LUD-06: what a payer's wallet reads before it asks for an invoice. */
export interface PayRequest {
  tag: 'payRequest'
  callback: string
  minSendable: number
  maxSendable: number
  metadata: string
  commentAllowed: number
}

/** LUD-03: what a wallet reads before it sends an invoice to be paid. */
export interface WithdrawRequest {
  tag: 'withdrawRequest'
  callback: string
  k1: string
  defaultDescription: string
  minWithdrawable: number
  maxWithdrawable: number
}

/** A refusal a wallet shows: answered as `{ status: 'ERROR', reason }`. */
export class LnurlRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'LnurlRefusal'
  }
}

export interface LnurlError {
  status: 'ERROR'
  reason: string
}

/** Headers of every LNURL answer: any site may read it, nobody keeps it. */
function open(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store')
}

/** The LNURL error answer, for a refusal made before a route ran (bad input). */
export function refuseLnurl(reply: FastifyReply, reason: string): FastifyReply {
  return open(reply).send({ status: 'ERROR', reason } satisfies LnurlError)
}

/**
 * Answers an LNURL call with what `produce` gives, or with the LNURL error for a refusal, a
 * spent rate limit or anything else that went wrong (logged, never shown).
 */
export async function answerLnurl(
  reply: FastifyReply,
  produce: () => Promise<unknown>,
): Promise<unknown> {
  void open(reply)
  try {
    return await produce()
  } catch (err) {
    if (err instanceof LnurlRefusal) return { status: 'ERROR', reason: err.reason }
    if (err instanceof RateLimitedError) {
      const seconds = err.retryAfterSeconds
      void reply.header('retry-after', String(seconds))
      return { status: 'ERROR', reason: `Too many requests. Try again in ${seconds} seconds.` }
    }
    reply.log.error(err)
    return { status: 'ERROR', reason: 'Something went wrong. Try again later.' }
  }
}
