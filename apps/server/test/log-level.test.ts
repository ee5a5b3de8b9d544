/**
 * The server log is quiet by default: LOG_LEVEL is `warn`, so requests (logged at `info`) are
 * not written and warnings are; LOG_LEVEL=info writes every request again. Anything else is a
 * configuration error naming the setting.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { ConfigError, loadConfig } from '../src/config'
import { scenario, type Scenario } from './harness'

async function logOf(t: Scenario) {
  const lines: string[] = []
  const app = await buildApp({
    services: t.env.services,
    webDist: null,
    logger: { stream: { write: (line) => void lines.push(line) } },
  })
  await app.inject({ method: 'GET', url: '/healthz' })
  app.log.info('an info line')
  app.log.warn('a warning')
  await app.close()
  return lines.map((l) => JSON.parse(l) as { msg: string })
}

const quiet = await scenario()
const chatty = await scenario({ env: { LOG_LEVEL: 'debug' } })
afterAll(async () => {
  await quiet.close()
  await chatty.close()
})

describe('the server log', () => {
  it('writes warnings and no requests by default', async () => {
    expect(quiet.env.config.logLevel).toBe('warn')
    expect((await logOf(quiet)).map((l) => l.msg)).toEqual(['a warning'])
  })

  it('writes every request at LOG_LEVEL=info or finer', async () => {
    const msgs = (await logOf(chatty)).map((l) => l.msg)
    expect(msgs).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', 'an info line']),
    )
    expect(msgs).toContain('a warning')
  })

  it('refuses a level it does not know, naming LOG_LEVEL', () => {
    expect(loadConfig({ LOG_LEVEL: 'error' }).logLevel).toBe('error')
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError)
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/)
  })
})
