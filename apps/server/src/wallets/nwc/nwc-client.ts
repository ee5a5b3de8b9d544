/**
 * The NWC transport: @getalby/sdk's NWCClient over the relay, with our own deadline on every
 * request so a silent relay or wallet fails fast and clearly.
 */
import '../../lib/websocket-global'
import { NWCClient } from '@getalby/sdk/nwc'
import { formatNwcUri, type NwcConnection } from './nwc-uri'

export const NWC_REQUIRED_METHODS = ['make_invoice', 'lookup_invoice', 'pay_invoice', 'get_balance']

export class NwcUnavailableError extends Error {}

export function createNwcClient(connection: NwcConnection): NWCClient {
  return new NWCClient({ nostrWalletConnectUrl: formatNwcUri(connection) })
}

export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NwcUnavailableError(`${what} did not answer in time`)), ms)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

export interface NwcWalletInfo {
  alias: string
  pubkey: string
  network: string
  methods: string[]
  notifications: string[]
}

/** Connects, asks get_info, and closes: proves the URL reaches a wallet that answers. */
export async function probeNwcWallet(
  connection: NwcConnection,
  timeoutMs = 15_000,
): Promise<NwcWalletInfo> {
  const client = createNwcClient(connection)
  try {
    const info = await withDeadline(client.getInfo(), timeoutMs, 'The wallet')
    return {
      alias: info.alias ?? '',
      pubkey: info.pubkey ?? '',
      network: info.network ?? '',
      methods: info.methods,
      notifications: info.notifications ?? [],
    }
  } catch (err) {
    if (err instanceof NwcUnavailableError) throw err
    throw new NwcUnavailableError(
      err instanceof Error ? err.message : 'The wallet could not be reached',
    )
  } finally {
    client.close()
  }
}
