/**
 * Demo mode: the simulated network runs beside the server, on a worker thread of the same
 * process, and the server's real adapters are pointed at it exactly as they would be at real
 * services (over HTTP, HTTPS and WebSocket on SIMNET_PORT).
 */
import path from 'node:path'
import { startModuleWorker } from '@app/simnet'
import type { AppConfig, Externals } from '../config'
import type { SimnetWorkerInput, SimnetWorkerMessage } from './simnet-worker'

export interface DemoNetwork {
  url: string
  externals: Externals
  close(): Promise<void>
}

interface ServiceListing {
  kraken: { apiUrl: string }
  nodehost: { url: string; token: string }
  screening: { apiUrl: string; apiKey: string }
}

export async function startDemoNetwork(config: AppConfig): Promise<DemoNetwork> {
  const workerData: SimnetWorkerInput = {
    port: config.simnet.port,
    dataDir: path.join(path.resolve(config.dataDir), 'simnet'),
    timeScale: config.simnet.timeScale,
  }
  const worker = startModuleWorker(new URL('./simnet-worker.ts', import.meta.url), {
    workerData,
    // A young generation big enough that short-lived request garbage rarely reaches a full GC.
    resourceLimits: { maxYoungGenerationSizeMb: 96 },
  })
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  const ready = await new Promise<{ url: string; lspPubkey: string }>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the simulated network stopped (${code})`)))
    worker.once('message', (msg: SimnetWorkerMessage) => {
      if (msg.type === 'ready') resolve(msg)
      else reject(new Error(msg.type === 'error' ? msg.message : 'the simulated network closed'))
    })
  })
  worker.removeAllListeners('error')
  worker.on('error', (err) => console.error('simulated network failed', err))

  const res = await fetch(`${ready.url}/control/services`)
  const listing = (await res.json()) as ServiceListing
  return {
    url: ready.url,
    externals: {
      exchangeBaseUrl: listing.kraken.apiUrl,
      nodeHost: { kind: 'simnet', url: listing.nodehost.url, token: listing.nodehost.token },
      lspPubkey: ready.lspPubkey,
      priceFallbackUrl: config.externals.priceFallbackUrl,
      acceptedMints:
        config.externals.acceptedMints.length > 0
          ? config.externals.acceptedMints
          : [`${ready.url}/cashu`],
      screening: config.externals.screening ?? {
        url: listing.screening.apiUrl,
        apiKey: listing.screening.apiKey,
      },
    },
    async close() {
      worker.postMessage('close')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000).unref())])
      await worker.terminate()
    },
  }
}
