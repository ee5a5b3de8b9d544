/**
 * Demo mode: the simulated network runs inside the server process and the server's real
 * adapters are pointed at it, exactly as they would be at real services.
 */
import path from 'node:path'
import type { AppConfig, Externals } from '../config'

export interface DemoNetwork {
  url: string
  externals: Externals
  close(): Promise<void>
}

interface ServiceListing {
  kraken: { apiUrl: string }
  nodehost: { url: string; token: string }
  lnd?: { lsp?: { pubkey?: string } }
}

export async function startDemoNetwork(config: AppConfig): Promise<DemoNetwork> {
  const { startSimnet } = await import('@app/simnet')
  const simnet = await startSimnet({
    port: config.simnet.port,
    dataDir: path.join(path.resolve(config.dataDir), 'simnet'),
    timeScale: config.simnet.timeScale,
    autoApproveNodes: true,
  })
  const res = await fetch(`${simnet.url}/control/services`)
  const listing = (await res.json()) as ServiceListing
  return {
    url: simnet.url,
    externals: {
      exchangeBaseUrl: listing.kraken.apiUrl,
      nodeHost: { kind: 'simnet', url: listing.nodehost.url, token: listing.nodehost.token },
      lspPubkey: simnet.world.lightning.lsp.pubkey,
      priceFallbackUrl: config.externals.priceFallbackUrl,
      acceptedMints:
        config.externals.acceptedMints.length > 0
          ? config.externals.acceptedMints
          : [`${simnet.url}/cashu`],
    },
    close: () => simnet.close(),
  }
}
