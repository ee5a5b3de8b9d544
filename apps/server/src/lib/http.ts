/** Outbound HTTP with a timeout on every call, combined with the caller's AbortSignal. */

export const DEFAULT_TIMEOUT_MS = 10_000

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

export function withTimeout(signal: AbortSignal | undefined, timeoutMs = DEFAULT_TIMEOUT_MS) {
  const timeout = AbortSignal.timeout(timeoutMs)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}

export async function fetchJson<T>(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<{ status: number; body: T }> {
  let res: Response
  try {
    res = await fetch(url, {
      ...init,
      signal: withTimeout(init.signal ?? undefined, init.timeoutMs),
    })
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'request failed'
    throw new UpstreamError(`${new URL(url).host} unreachable: ${reason}`)
  }
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) as T }
  } catch {
    throw new UpstreamError(
      `${new URL(url).host} answered HTTP ${res.status} without JSON`,
      res.status,
    )
  }
}
