/**
 * The product as `npm start` runs it (demo mode, simnet embedded), in a child process, for the
 * benchmarks: a signed-in owner and a business whose money is held on its own node (lnd) or in
 * simnet's NWC wallet, set up through the same procedures the pages call.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { until } from '../apps/server/test/assertions'

/** How long set-up waits for the node and its channel. */
const WAIT_MS = 60_000

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

export async function startProduct(opts: { port: number; wallet: 'lnd' | 'nwc' }) {
  const { port } = opts
  const simnetPort = port + 1
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'product-bench-'))

  // e.g. PRODUCT_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server
  const nodeArgs = (process.env.PRODUCT_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const server = spawn(
    'node',
    ['--max-semi-space-size=32', ...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        SIMNET_PORT: String(simnetPort),
        SIMNET_TIME_SCALE: '0.002',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )

  async function waitForServer(): Promise<void> {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error('server did not start')
  }

  let cookie = ''
  const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 60_000 })

  async function call(path: string, input: unknown, method: 'POST' | 'GET' = 'POST') {
    const res = await request(
      method === 'POST'
        ? `${base}/trpc/${path}`
        : `${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      {
        method,
        dispatcher: agent,
        headers: { 'content-type': 'application/json', 'x-trpc-source': 'bench', cookie },
        body: method === 'POST' ? JSON.stringify({ json: input }) : undefined,
      },
    )
    const setCookie = res.headers['set-cookie']
    if (setCookie) cookie = String(setCookie).split(';')[0] ?? ''
    const body = (await res.body.json()) as {
      result?: { data: { json: unknown } }
      error?: unknown
    }
    if (res.statusCode !== 200) throw new Error(`${path}: ${JSON.stringify(body.error)}`)
    return body.result?.data.json
  }

  async function simnet(route: string, body: unknown) {
    const res = await fetch(`http://127.0.0.1:${simnetPort}/control${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`simnet ${route}: ${await res.text()}`)
    return (await res.json()) as Record<string, unknown>
  }

  /** Opens the verification link the demo mailed to `email` (payouts need the address). */
  async function verifyEmail(email: string) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const mails = (await call('demo.mailbox', { to: email }, 'GET')) as { id: string }[]
      for (const { id } of mails) {
        const { text } = (await call('demo.mail', { id }, 'GET')) as { text: string }
        const link = text.match(/https?:\/\/\S+/g)?.find((l) => l.includes('/link/verify-email/'))
        if (link) {
          await call('recovery.verifyEmail', { token: link.split('/').pop() })
          return
        }
      }
      // the outbox job delivers it in a moment
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no verification mail for ${email}`)
  }

  async function setUpBusiness(): Promise<string> {
    const email = `bench-${Date.now()}@example.com`
    await call('auth.signUp', { email, password: 'correct horse battery' })
    await verifyEmail(email)
    const { id } = (await call('businesses.create', { name: 'Bench Café' })) as { id: string }
    const address = {
      line1: '1 High St',
      line2: '',
      city: 'London',
      postcode: 'SW1A 1AA',
      country: 'GB',
    }
    const person = {
      firstName: 'A',
      lastName: 'B',
      dateOfBirth: '1980-01-01',
      nationality: 'GB',
      email: 'a@b.co',
      address,
    }
    const steps: [string, unknown][] = [
      [
        'onboarding.saveCompany',
        {
          legalName: 'Bench Ltd',
          tradingName: 'Bench',
          companyType: 'corporation',
          registrationNumber: '1',
          country: 'GB',
          address,
          phone: { callingCode: '+44', number: '20 7946 0000' },
          website: '',
        },
      ],
      [
        'onboarding.saveDirectors',
        { companyType: 'corporation', directors: [person], beneficialOwners: [] },
      ],
      [
        'onboarding.saveFinancial',
        {
          currency: 'GBP',
          expectedMonthlyVolumeMinor: 1,
          averageSaleMinor: 1,
          bankAccountHolder: 'Bench Ltd',
          iban: 'GB33BUKB20201555555555',
        },
      ],
      [
        'onboarding.savePci',
        {
          storesCardData: false,
          usesThirdPartyProcessor: false,
          hadDataBreach: false,
          breachDetails: '',
          acceptsSecurityPolicy: true,
        },
      ],
      [
        'onboarding.saveOperations',
        {
          productsDescription: 'Coffee',
          salesChannels: ['in_store'],
          locationsCount: 1,
          terminalsCount: 1,
        },
      ],
      ['onboarding.submit', { acceptTerms: true, acceptPrivacy: true, termsVersion: '2026-11' }],
    ]
    for (const [path, data] of steps) await call(path, { businessId: id, data })
    if (opts.wallet === 'nwc') {
      const { uri } = (await simnet('/nwc/connections', {
        name: 'bench',
        budgetSat: 10_000_000,
      })) as { uri: string }
      await call('onboarding.connectNwc', { businessId: id, url: uri })
    } else {
      await ownNode(id)
    }
    return id
  }

  /** The own-node path: node, wallet, deposit, channel to the LSP. */
  async function ownNode(businessId: string): Promise<void> {
    await call('onboarding.choosePaymentProvider', { businessId, kind: 'lightningNode' })
    await call('node.request', { businessId })
    const status = async () =>
      (await call('node.status', { businessId }, 'GET')) as {
        hostState: string
        walletState: string
      }
    await until(
      status,
      (s) => s.hostState === 'waiting_for_initialisation',
      'initialisation',
      WAIT_MS,
    )
    const password = 'bench node password'
    await call('node.initialise', { businessId, password, confirmPassword: password })
    await call('node.confirmSeed', { businessId })
    await until(status, (s) => s.walletState === 'SERVER_ACTIVE', 'the wallet', WAIT_MS)
    const { onchainInvoiceId } = (await call('deposit.create', {
      businessId,
      amountSat: 50_000_000,
    })) as { onchainInvoiceId: string }
    const deposit = () =>
      call('deposit.get', { businessId, onchainInvoiceId }, 'GET') as Promise<{
        address: string
        channel: { state: string }
      }>
    await simnet('/send', { address: (await deposit()).address, amountSat: 50_000_000 })
    await simnet('/mine', { blocks: 3 })
    await until(deposit, (d) => d.channel.state === 'opening', 'the channel to open', WAIT_MS)
    await simnet('/mine', { blocks: 3 })
    await until(deposit, (d) => d.channel.state === 'open', 'the channel to be open', WAIT_MS)
  }

  await waitForServer()
  const businessId = await setUpBusiness()
  return {
    base,
    businessId,
    call,
    simnet,
    cookie: () => cookie,
    async stop(): Promise<void> {
      server.kill('SIGTERM')
      await new Promise((r) => server.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
      await agent.close()
    },
  }
}
