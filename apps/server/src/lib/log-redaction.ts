/**
 * Secrets out of the server's log. The request log is on in production and URLs carry secrets:
 * a refund's LNURL-withdraw secret is its path (`/lnurlw/<k1>`) and a query parameter of its
 * callback, a receipt's token is its path, and tRPC queries carry their input in the query
 * string. Every logged URL, and every log message or error that quotes one, has them replaced.
 */
import type { FastifyServerOptions } from 'fastify'

export const REDACTED = '[redacted]'

const END = `?#\\s"'\`<>`

/** Paths whose last segment is a secret: `/lnurlw/<k1>` (not its callback), `/receipt/<token>`. */
const SECRET_PATH = new RegExp(`(/(?:lnurlw|receipt)/)(?!callback(?:[/${END}]|$))[^/${END}]+`, 'g')

/** Names of values that are secrets, alone or at the end of a longer name (`apiKey`). */
const NAMES =
  'k1|pr|pin|code|otp|sig|signature|seed|mnemonic|macaroon|preimage|auth|authorization|' +
  'session|cookie|pass|passwd|passphrase|[a-z0-9_-]*(?:secret|token|password|key)'

/** `name=value` in a query string. */
const SECRET_PARAM = new RegExp(`([?&;](?:${NAMES})=)[^&;#\\s"'\`<>]*`, 'gi')

const Q = '(?:"|%22|\\\\")'
const SEP = '(?:\\s|%20)*(?::|%3A)(?:\\s|%20)*'
/** `"name": value` in JSON, also percent-encoded (a tRPC query's `input`). */
const SECRET_JSON = new RegExp(`(${Q}(?:${NAMES})${Q}${SEP})(?:${Q}.*?${Q}|[^,}\\]&\\s]+)`, 'gi')

/** The text with every secret a URL or a JSON input in it carries replaced. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PATH, `$1${REDACTED}`)
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(SECRET_JSON, `$1"${REDACTED}"`)
}

interface LoggedRequest {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

interface LoggedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

/** An error as pino logs it, with its message, stack and causes redacted. */
function errorValue(err: Error): LoggedError {
  // what is logged as an error is not always one (`log(msg, reason)`)
  if (!(err instanceof Error)) {
    const text = typeof err === 'string' ? err : (JSON.stringify(err) ?? String(err))
    return { type: typeof err, message: redactSecrets(text), stack: '' }
  }
  const value: LoggedError = {
    type: err.name,
    message: redactSecrets(err.message),
    stack: redactSecrets(err.stack ?? ''),
  }
  // its own fields too (a code, a status, details), strings redacted
  for (const [key, field] of Object.entries(err)) {
    if (key in value) continue
    value[key] = typeof field === 'string' ? redactSecrets(field) : field
  }
  if (err.cause instanceof Error) value.cause = errorValue(err.cause)
  return value
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/**
 * The options of the server's logger: requests logged with their URL redacted, errors with
 * their message and stack redacted, and every message text redacted. `stream` replaces
 * standard output (tests read what would be logged).
 */
export function redactingLogger(stream?: { write(line: string): void }): LoggerOptions {
  return {
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactSecrets(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: errorValue,
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((a: unknown) => (typeof a === 'string' ? redactSecrets(a) : a))
        return method.apply(this, redacted as Parameters<typeof method>)
      },
    },
  }
}
