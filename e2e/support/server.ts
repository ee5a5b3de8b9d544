/**
 * Where the journeys' server runs (`E2E_PORT`, 3210 unless set; the simulated network's control
 * API on the next port) and its data folder: one per port, so journeys on different ports never
 * share one. The Playwright config starts the server with these; a journey that runs the
 * product's command-line tools points them at the same folder.
 */
import path from 'node:path'

export const serverPort = Number(process.env.E2E_PORT ?? 3210)
export const simnetPort = serverPort + 1
/** The repository's root, where the product's commands run. */
export const repoRoot = path.resolve(import.meta.dirname, '../..')
export const dataDir = path.join(
  repoRoot,
  '.data-test',
  serverPort === 3210 ? 'e2e' : `e2e-${serverPort}`,
)
