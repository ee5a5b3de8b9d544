/**
 * Where the server may send a till's webhooks. The merchant chooses the URL, so outside demo
 * mode the server refuses to be pointed at its own network: `https:` only, no credentials in
 * the URL, and every address the name resolves to must be public (the same rule as NWC relays).
 * The check runs when the URL is saved and again inside every delivery's connection, so a name
 * that later resolves elsewhere is refused too; redirects are never followed.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import { Agent } from 'undici'
import { DomainError } from '../../lib/errors'
import { isPublicAddress, publicOnlyLookup } from '../../wallets/nwc/relay-guard'

const refused = () => new DomainError('VALIDATION', 'A webhook URL must be a public https address')

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  )
}

/** Throws VALIDATION unless the URL is https and every address of its host is public. */
export async function assertPublicWebhookUrl(raw: string): Promise<void> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refused()
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw refused()
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const addresses =
    isIP(host) !== 0
      ? [host]
      : await resolveAll(host).then(
          (a) => a.map((x) => x.address),
          () => [],
        )
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refused()
}

/** The connection pool deliveries use outside demo mode: public addresses only. */
export const publicOnlyDispatcher = () => new Agent({ connect: { lookup: publicOnlyLookup } })
