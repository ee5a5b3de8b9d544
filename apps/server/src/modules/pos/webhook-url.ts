/**
 * Where the server may send a till's webhooks. The merchant chooses the URL, so outside demo
 * mode the server refuses to be pointed at its own network: `https:` only, no credentials in
 * the URL, and every address the name resolves to must be public (the rule of
 * `lib/public-address.ts`, as for NWC relays and LNURL look-ups). The check runs when the URL is
 * saved and again inside every delivery's connection, so a name that later resolves elsewhere is
 * refused too; redirects are never followed.
 */
import { DomainError } from '../../lib/errors'
import { hasPublicHost } from '../../lib/public-address'

export { publicOnlyDispatcher } from '../../lib/public-address'

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
