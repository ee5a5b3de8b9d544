/**
 * A simnet per test file, on a free port, with fast simulated time and manual mining; nodes are
 * approved by the host unless `autoApproveNodes` is false.
 */
import { startSimnet, type Simnet } from '@app/simnet'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Externals } from '../src/config'

export interface TestSimnet {
  simnet: Simnet
  externals: Externals
  control<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T>
  close(): Promise<void>
}

export async function startTestSimnet(
  opts: { timeScale?: number; autoApproveNodes?: boolean } = {},
): Promise<TestSimnet> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'simnet-test-'))
  const simnet = await startSimnet({
    port: 0,
    dataDir,
    timeScale: opts.timeScale ?? 0.0005,
    autoApproveNodes: opts.autoApproveNodes ?? true,
    mineIntervalMs: 0,
  })
  const control = async <T>(method: 'GET' | 'POST', route: string, body?: unknown) => {
    const res = await fetch(`${simnet.url}/control${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json()) as T
    if (!res.ok) throw new Error(`control ${route}: ${JSON.stringify(json)}`)
    return json
  }
  const listing = await control<{
    kraken: { apiUrl: string }
    nodehost: { url: string; token: string }
  }>('GET', '/services')
  return {
    simnet,
    control,
    externals: {
      exchangeBaseUrl: listing.kraken.apiUrl,
      nodeHost: { kind: 'simnet', url: listing.nodehost.url, token: listing.nodehost.token },
      lspPubkey: simnet.world.lightning.lsp.pubkey,
      priceFallbackUrl: null,
      acceptedMints: [`${simnet.url}/cashu`],
    },
    async close() {
      await simnet.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
