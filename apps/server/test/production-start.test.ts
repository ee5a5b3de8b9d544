/**
 * A production server never loads the simulated network: the real `main.ts` is started in
 * production mode (a real network name, its database, secret and public URL) in a child
 * process whose loader records every module it loads; once it has served and stopped, none of
 * them may come from packages/simnet or the server's demo folder.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from './harness'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const recorder = fileURLToPath(new URL('./fixtures/record-loads.mjs', import.meta.url))

/** A module of the simulated network, or of the server's demo mode. */
const SIMULATOR = /\/packages\/simnet\/|\/node_modules\/@app\/simnet\/|\/apps\/server\/src\/demo\//

/** Resolves with the address the server listens on, from its log. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('exit', (code) =>
      reject(new Error(`the server stopped (${code}) before listening:\n${out}\n${err}`)),
    )
  })
}

describe('a server started in production mode', () => {
  let dir: string
  let child: ChildProcess | undefined
  let loaded: string[]
  let healthz: { status: number; body: unknown }

  /** Stops the server (SIGTERM, as a deployment does; SIGKILL if it hangs) and waits for it. */
  async function stop(server: ChildProcess): Promise<void> {
    if (server.exitCode !== null || server.signalCode !== null) return
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'production-start-'))
    const recordFile = path.join(dir, 'loaded.txt')
    child = spawn(process.execPath, ['--import', 'tsx', '--import', recorder, 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BITCOIN_NETWORK: 'regtest',
        DATABASE_URL: await createTestDatabase('empty'),
        APP_SECRET: 'a-production-secret-of-at-least-32-characters',
        PUBLIC_URL: 'https://pay.example.com',
        SUPPORT_URL: 'https://help.example.com',
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_FROM: 'no-reply@pay.example.com',
        HOST: '127.0.0.1',
        PORT: '0',
        // the listening address (port 0) is an `info` line
        LOG_LEVEL: 'info',
        DATA_DIR: dir,
        LOAD_RECORD_FILE: recordFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const url = await listeningAddress(child)
    const res = await fetch(`${url}/healthz`)
    healthz = { status: res.status, body: await res.json() }
    await stop(child)
    loaded = (await readFile(recordFile, 'utf8')).split('\n').filter((l) => l !== '')
  })

  afterAll(async () => {
    if (child) await stop(child)
    await rm(dir, { recursive: true, force: true })
  })

  it('serves', () => {
    expect(healthz).toEqual({ status: 200, body: { ok: true } })
  })

  it('loaded the server and the app, and no module of the simulated network', () => {
    const main = new URL('../src/main.ts', import.meta.url).href
    const app = new URL('../src/app.ts', import.meta.url).href
    expect(loaded).toContain(main)
    expect(loaded).toContain(app)
    expect(loaded.filter((url) => SIMULATOR.test(url))).toEqual([])
  })
})
