/** Reading a Cashu token before anything is asked of its mint. */
import { getTokenMetadata } from '@cashu/cashu-ts'
import { DomainError } from '../../lib/errors'

export const normalizeMintUrl = (url: string) => url.trim().replace(/\/+$/, '')

/** The token text without whitespace and without a `cashu:` URI prefix. */
function cleanToken(raw: string): string {
  const compact = raw.replace(/\s+/g, '')
  return compact.replace(/^(web\+)?cashu:(\/\/)?/i, '')
}

export interface TokenInfo {
  /** the token, cleaned */
  text: string
  /** as the token names it */
  mint: string
  mintUrl: string
  /** what the token says it holds (its proofs, decoded at the mint, are what counts) */
  amountSat: number
}

/** Decodes a token in sats from a mint in `accepted`; refuses anything else. */
export function readToken(raw: string, accepted: string[]): TokenInfo {
  const text = cleanToken(raw)
  let meta: ReturnType<typeof getTokenMetadata>
  try {
    meta = getTokenMetadata(text)
  } catch {
    throw new DomainError('ECASH_TOKEN_INVALID', 'This is not a Cashu token')
  }
  if ((meta.unit || 'sat') !== 'sat') {
    throw new DomainError('ECASH_TOKEN_INVALID', 'Only tokens in sats are accepted', {
      unit: meta.unit,
    })
  }
  // A mint the business accepts, before any request goes to it.
  const mintUrl = normalizeMintUrl(meta.mint)
  if (!accepted.includes(mintUrl)) {
    throw new DomainError('ECASH_MINT_NOT_ACCEPTED', 'Ecash from this mint is not accepted', {
      mint: mintUrl,
    })
  }
  return { text, mint: meta.mint, mintUrl, amountSat: meta.amount.toNumber() }
}
