import { defineConfig, devices } from '@playwright/test'
import { dataDir, repoRoot as root, serverPort as port, simnetPort } from './support/server'

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  // One server and one browser at a time: on a 2-core machine more workers share the same cores.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous, for a machine busy with other work: a passing journey never waits for these, they
  // only bound how long a broken one takes to fail.
  timeout: 180_000,
  expect: { timeout: 20_000 },
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
    // Its log is kept beside the journeys' results, to read after a failure.
    command: `rm -rf "${dataDir}" && mkdir -p test-results && node --max-semi-space-size=32 --import tsx apps/server/src/main.ts > test-results/e2e-server.log`,
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // a fresh data folder: the database is created and migrated first
    timeout: 240_000,
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
