/**
 * The simulated network on its own thread, so that in demo mode it has a core of its own and
 * the server's event loop carries only the product's work. Started by `startDemoNetwork`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { startSimnet } from '@app/simnet'

export interface SimnetWorkerInput {
  port: number
  dataDir: string
  timeScale: number
}

export type SimnetWorkerMessage =
  | { type: 'ready'; url: string; lspPubkey: string }
  | { type: 'error'; message: string }
  | { type: 'closed' }

const port = parentPort
if (!port) throw new Error('simnet-worker runs as a worker thread')
const input = workerData as SimnetWorkerInput

try {
  const simnet = await startSimnet({
    port: input.port,
    dataDir: input.dataDir,
    timeScale: input.timeScale,
    autoApproveNodes: true,
  })
  port.on('message', (msg: unknown) => {
    if (msg !== 'close') return
    void simnet.close().then(() => {
      port.postMessage({ type: 'closed' } satisfies SimnetWorkerMessage)
      port.close()
    })
  })
  port.postMessage({
    type: 'ready',
    url: simnet.url,
    lspPubkey: simnet.world.lightning.lsp.pubkey,
  } satisfies SimnetWorkerMessage)
} catch (err) {
  port.postMessage({
    type: 'error',
    message: err instanceof Error ? err.message : String(err),
  } satisfies SimnetWorkerMessage)
  port.close()
}
