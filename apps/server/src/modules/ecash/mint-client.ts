/**
 * Talking to a Cashu mint through cashu-ts, with every request bound to the caller's
 * AbortSignal and a timeout. Mint protocol errors (HTTP 4xx) keep their NUT error code; a
 * timeout, a lost answer or a 5xx says nothing of what the mint did (`isRefusal` tells them apart).
 */
import {
  HttpResponseError,
  JSONInt,
  Mint,
  MintOperationError,
  NetworkError,
  Wallet,
  type CounterSource,
  type Proof,
  type RequestFn,
} from '@cashu/cashu-ts'

const MINT_TIMEOUT_MS = 20_000

/** NUT error codes the redemption acts on. */
export const CashuErrorCode = {
  ALREADY_SPENT: 11001,
  PENDING: 11002,
  QUOTE_PENDING: 20005,
  INVOICE_ALREADY_PAID: 20006,
} as const

/**
 * The mint refused the request (a 4xx with a NUT error), so it did not do it; anything else
 * (timeout, lost answer, 5xx) leaves the outcome open. A "pending" answer is not a refusal.
 */
export function isRefusal(err: unknown): boolean {
  if (!(err instanceof MintOperationError)) return false
  const open: number[] = [
    CashuErrorCode.PENDING,
    CashuErrorCode.QUOTE_PENDING,
    CashuErrorCode.INVOICE_ALREADY_PAID,
  ]
  return !open.includes(err.code)
}

function mintRequest(signal?: AbortSignal, timeoutMs = MINT_TIMEOUT_MS): RequestFn {
  return async <T>(args: Parameters<RequestFn>[0]): Promise<T> => {
    const timeout = AbortSignal.timeout(timeoutMs)
    const bound = signal ? AbortSignal.any([signal, timeout]) : timeout
    let res: Response
    try {
      res = await fetch(args.endpoint, {
        method: args.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(args.requestBody ? { 'content-type': 'application/json' } : {}),
          ...args.headers,
        },
        body: args.requestBody ? JSONInt.stringify(args.requestBody) : undefined,
        signal: bound,
      })
    } catch (err) {
      throw new NetworkError(err instanceof Error ? err.message : 'mint unreachable', {
        cause: err,
      })
    }
    let text: string
    try {
      text = await res.text()
    } catch (err) {
      throw new NetworkError('the mint answer was cut off', { cause: err })
    }
    let body: unknown
    try {
      body = text === '' ? {} : JSONInt.parse(text)
    } catch {
      throw new HttpResponseError('the mint answered with something else than JSON', res.status)
    }
    if (!res.ok) {
      const b = (body ?? {}) as { code?: unknown; detail?: unknown }
      // A server error says nothing of what the mint did: never taken as its refusal.
      if (res.status < 500 && typeof b.code === 'number' && typeof b.detail === 'string') {
        throw new MintOperationError(b.code, b.detail)
      }
      throw new HttpResponseError(`the mint answered HTTP ${res.status}`, res.status)
    }
    return body as T
  }
}

/** A wallet on `mintUrl` whose requests follow `signal`; keysets and keys are loaded. */
export async function openMintWallet(
  mintUrl: string,
  signal?: AbortSignal,
  timeoutMs = MINT_TIMEOUT_MS,
): Promise<Wallet> {
  const mint = new Mint(mintUrl, { customRequest: mintRequest(signal, timeoutMs) })
  const wallet = new Wallet(mint, { unit: 'sat' })
  await wallet.loadMint()
  return wallet
}

/**
 * The same mint (keys already loaded) as the platform's deterministic wallet: every output it
 * makes is derived (NUT-13) from `seed` and a counter reserved through `counters` first.
 */
export function seededWallet(base: Wallet, seed: Uint8Array, counters: CounterSource): Wallet {
  const wallet = new Wallet(base.mint, {
    unit: 'sat',
    keysetId: base.keysetId,
    bip39seed: seed,
    counterSource: counters,
  })
  wallet.loadMintFromCache(base.getMintInfo().cache, base.keyChain.cache)
  return wallet
}

/** Deterministic outputs from the next counters the wallet's counter source reserves. */
export const DERIVED = { type: 'deterministic', counter: 0 } as const

/** Proofs as plain JSON (amounts as numbers), the form stored and handed out. */
export function proofsJson(proofs: Proof[]) {
  return proofs.map((p) => ({
    id: p.id,
    amount: p.amount.toNumber(),
    secret: p.secret,
    C: p.C,
    ...(p.dleq ? { dleq: p.dleq } : {}),
  }))
}

export function sumSat(proofs: Proof[]): number {
  return proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0)
}

export const mintCode = (err: unknown): number | null =>
  err instanceof MintOperationError ? err.code : null
