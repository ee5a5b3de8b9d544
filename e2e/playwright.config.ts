import { defineConfig, devices } from '@playwright/test'
import path from 'node:path'

const port = Number(process.env.E2E_PORT ?? 3210)
/** The simulated network's control API (see support/simnet.ts). */
const simnetPort = port + 1
const root = path.resolve(import.meta.dirname, '..')
// one data folder per port, so journeys on different ports never share one
const dataDir = path.join(root, '.data-test', port === 3210 ? 'e2e' : `e2e-${port}`)

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The product as `npm start` runs it (web already built), on a fresh data folder.
    command: `rm -rf "${dataDir}" && node --max-semi-space-size=32 --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SIMNET_PORT: String(simnetPort),
      SIMNET_TIME_SCALE: '0.002',
      // every journey signs up from this one address
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
