/**
 * Talking to a Cashu mint through cashu-ts, with every request bound to the caller's
 * AbortSignal and a timeout. Mint protocol errors keep their NUT error code.
 */
import {
  HttpResponseError,
  JSONInt,
  Mint,
  MintOperationError,
  NetworkError,
  Wallet,
  type Proof,
  type RequestFn,
} from '@cashu/cashu-ts'

export const MINT_TIMEOUT_MS = 20_000

/** NUT error codes the redemption acts on. */
export const CashuErrorCode = { ALREADY_SPENT: 11001, PENDING: 11002 } as const

export function mintRequest(signal?: AbortSignal, timeoutMs = MINT_TIMEOUT_MS): RequestFn {
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
      if (typeof b.code === 'number' && typeof b.detail === 'string') {
        throw new MintOperationError(b.code, b.detail)
      }
      throw new HttpResponseError(`the mint answered HTTP ${res.status}`, res.status)
    }
    return body as T
  }
}

/** A wallet on `mintUrl` whose requests follow `signal`; keysets and keys are loaded. */
export async function openMintWallet(mintUrl: string, signal?: AbortSignal): Promise<Wallet> {
  const mint = new Mint(mintUrl, { customRequest: mintRequest(signal) })
  const wallet = new Wallet(mint, { unit: 'sat' })
  await wallet.loadMint()
  return wallet
}

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
