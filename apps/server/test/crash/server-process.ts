/**
 * The real server (`src/main.ts`) in a child process, started again and again on one database
 * and one port, and killed with SIGKILL as a power cut or an OOM kill would.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

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

/** Starts `src/main.ts` with `env` (on top of this process's) in a child process. */
export function startServer(env: Record<string, string>): ServerProcess {
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
      if (/Server listening at http/.test(out)) resolve()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then(() => reject(new Error(`the server stopped before listening:\n${out}`)))
  })
  // A kill before it listened is expected; the caller waits on `ready` when it needs it.
  ready.catch(() => {})
  return { child, ready, exited, output: () => out }
}

/** SIGKILL: no handler runs, nothing is flushed or released. */
export async function kill(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL')
  }
  await server.exited
}

/** A clean stop (SIGTERM), SIGKILL if it hangs. */
export async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGTERM')
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
  await server.exited
  clearTimeout(killer)
}
