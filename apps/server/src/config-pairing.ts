/**
 * Where a terminal's pairing link points. Always at PUBLIC_URL, except in demo mode on a
 * PUBLIC_URL only this machine can open (localhost): then a tablet on the shop's network gets the
 * machine's network address (its first non-internal IPv4, with the server's port), and the
 * PUBLIC_URL link is the alternative. Only when the server listens on every interface, so that
 * address reaches it (HOST=0.0.0.0; the demo listens on 127.0.0.1 unless HOST says otherwise).
 */
import type { NetworkInterfaceInfo } from 'node:os'

export interface PairingOrigins {
  /** the origin the pairing QR and link use */
  offered: string
  /** another origin the same link works on (PUBLIC_URL, when the offered one is not it) */
  alternative: string | null
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>

const ALL_INTERFACES = new Set(['0.0.0.0', '::', ''])

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

/** The machine's first non-internal IPv4 address, if it has one. */
function networkAddress(interfaces: Interfaces): string | null {
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) {
      // Node before 18.4 gave the family as a number
      const isV4 = i.family === 'IPv4' || (i.family as unknown) === 4
      if (isV4 && !i.internal) return i.address
    }
  }
  return null
}

export function pairingOriginsOf(
  c: { publicUrl: string; isDemo: boolean; host: string; port: number },
  interfaces: Interfaces,
): PairingOrigins {
  const publicUrl = new URL(c.publicUrl)
  const own = { offered: publicUrl.origin, alternative: null }
  if (!c.isDemo || !isLoopback(publicUrl.hostname) || !ALL_INTERFACES.has(c.host)) return own
  const address = networkAddress(interfaces)
  if (!address) return own
  return { offered: `http://${address}:${c.port}`, alternative: publicUrl.origin }
}
