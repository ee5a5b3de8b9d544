/**
 * The real server (`src/main.ts`) in a child process, started again and again on one database
 * and one port, and killed with SIGKILL as a power cut or an OOM kill would.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Externals } from '../../src/config'
import { connectDatabase, type DatabaseHandle } from '../../src/db/database'
import { createTestEnv, type TestEnv } from '../test-env'
import type { TestSimnet } from '../simnet'

const serverDir = fileURLToPath(new URL('../..', import.meta.url))

/** A port free now, for a server that must come back on the same address after each kill. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  /** resolves once it listens */
  ready: Promise<void>
  /** resolves once it has exited, however */
  exited: Promise<void>
  /** what it wrote, for a failure message */
  output(): string
}

/** The server of a crash test: one port, one database, any number of runs one after another. */
export interface CrashServer {
  /** where it answers, the same after every start */
  origin: string
  /** its settings: a real network's (no embedded simnet), pointed at the test's simnet */
  env: Record<string, string>
  /** the test's own connection to the server's database */
  database: DatabaseHandle
  /** the run now going, if any */
  current(): ServerProcess | undefined
  /** Starts a run without waiting for it to listen (to kill it while it starts). */
  spawn(): ServerProcess
  /** Starts a run and waits until it listens. */
  start(): Promise<ServerProcess>
  /** SIGKILL of the run now going: no handler runs, nothing is flushed or released. */
  kill(): Promise<void>
  /** A clean stop (SIGTERM) of the run now going, SIGKILL if it hangs. */
  stop(): Promise<void>
  /** Kills what still runs and closes the test's connection. */
  close(): Promise<void>
}

/**
 * Sets up a crash test's server: a free port, the settings, and a fresh database on which
 * `prepare` signs up and onboards what the test needs through the real services (stopped before
 * the server first starts). Nothing runs until `start` or `spawn`.
 */
export async function crashServer(
  net: TestSimnet,
  opts: {
    /** the simnet's by default */
    externals?: Externals
    /** more settings */
    env?: Record<string, string>
    /** connections of the test's own pool */
    connections?: number
    prepare(setup: TestEnv, origin: string): Promise<void>
  },
): Promise<CrashServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const ext = opts.externals ?? net.externals
  const host = ext.nodeHost.kind === 'simnet' ? ext.nodeHost : { url: '', token: '' }
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    BITCOIN_NETWORK: 'regtest',
    APP_SECRET: randomBytes(36).toString('base64'),
    PUBLIC_URL: origin,
    SUPPORT_URL: 'mailto:support@example.com',
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'no-reply@pay.example.com',
    HOST: '127.0.0.1',
    PORT: String(port),
    EXCHANGE_API_URL: ext.exchangeBaseUrl,
    NODE_HOST: 'simnet',
    NODE_HOST_URL: host.url,
    NODE_HOST_TOKEN: host.token,
    LSP_PUBKEY: ext.lspPubkey ?? '',
    ...(ext.screening
      ? { SCREENING_API_URL: ext.screening.url, SCREENING_API_KEY: ext.screening.apiKey }
      : {}),
    AUTO_APPROVE_APPLICATIONS: 'true',
    DB_POOL_SIZE: '5',
    ...opts.env,
  }
  const setup = await createTestEnv({ env, externals: ext })
  env.DATABASE_URL = setup.url
  try {
    await opts.prepare(setup, origin)
  } finally {
    await setup.close()
  }
  const database = connectDatabase(env.DATABASE_URL, opts.connections ?? 2)

  let current: ServerProcess | undefined
  const spawnRun = () => {
    if (current && !hasExited(current)) throw new Error('the server is still running')
    current = startServer(env)
    return current
  }
  const kill = async () => {
    if (!current) return
    if (!hasExited(current)) current.child.kill('SIGKILL')
    await current.exited
  }
  return {
    origin,
    env,
    database,
    current: () => current,
    spawn: spawnRun,
    async start() {
      const run = spawnRun()
      await run.ready
      return run
    },
    kill,
    async stop() {
      if (!current || hasExited(current)) return
      current.child.kill('SIGTERM')
      const run = current
      const killer = setTimeout(() => run.child.kill('SIGKILL'), 10_000)
      await run.exited
      clearTimeout(killer)
    },
    async close() {
      await kill()
      await database.close()
    },
  }
}

const hasExited = (run: ServerProcess) =>
  run.child.exitCode !== null || run.child.signalCode !== null

/** Starts `src/main.ts` with `env` (on top of this process's) in a child process. */
function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (out.length > 200_000) out = out.slice(-100_000)
      // the start line, printed at every LOG_LEVEL
      if (/ is running at http/.test(out)) resolve()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then(() => reject(new Error(`the server stopped before listening:\n${out}`)))
  })
  // A kill before it listened is expected; the caller waits on `ready` when it needs it.
  ready.catch(() => {})
  return { child, ready, exited, output: () => out }
}
