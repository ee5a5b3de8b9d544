/**
 * The external screening provider port, and its adapter for a Chainalysis-style sanctions API:
 * `GET {url}/api/v1/address/{address}` with `X-API-Key`, answering
 * `{"identifications": [{category, name, description, url}]}` (empty: not listed).
 */
import { z } from 'zod'
import { fetchJson } from '../../lib/http'

export interface ScreeningVerdict {
  flagged: boolean
  /** what the provider said, kept in the audit */
  detail: string
}

export interface ScreeningProvider {
  readonly name: string
  /** Throws when the provider cannot say (down, refused, garbage): callers fail closed. */
  check(address: string, signal?: AbortSignal): Promise<ScreeningVerdict>
}

class ScreeningUnavailableError extends Error {}

const ZSanctions = z.object({
  identifications: z.array(
    z.object({
      category: z.string().default(''),
      name: z.string().default(''),
      description: z.string().nullish(),
    }),
  ),
})

export function sanctionsApiProvider(
  cfg: { url: string; apiKey: string },
  timeoutMs = 10_000,
): ScreeningProvider {
  return {
    name: 'sanctions-api',
    async check(address, signal) {
      let res: { status: number; body: unknown }
      try {
        res = await fetchJson<unknown>(`${cfg.url}/api/v1/address/${encodeURIComponent(address)}`, {
          headers: { 'x-api-key': cfg.apiKey, accept: 'application/json' },
          signal,
          timeoutMs,
        })
      } catch (err) {
        throw new ScreeningUnavailableError(err instanceof Error ? err.message : 'unreachable')
      }
      if (res.status !== 200) throw new ScreeningUnavailableError(`HTTP ${res.status}`)
      const parsed = ZSanctions.safeParse(res.body)
      if (!parsed.success) throw new ScreeningUnavailableError('unexpected answer')
      const ids = parsed.data.identifications
      return {
        flagged: ids.length > 0,
        detail: ids.map((i) => `${i.category}: ${i.name}`).join('; '),
      }
    },
  }
}

/** Where no provider is configured: every address is refused (fail closed). */
export const unconfiguredProvider: ScreeningProvider = {
  name: 'none',
  check() {
    return Promise.reject(new ScreeningUnavailableError('no screening provider is configured'))
  },
}
