/**
 * Demo and production are chosen explicitly, a production secret cannot be guessed, and
 * production says where its Support links lead.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEMO_SECRET, loadConfig } from '../src/config'

const strong = randomBytes(36).toString('base64')
const production = {
  NODE_ENV: 'production',
  BITCOIN_NETWORK: 'mainnet',
  DATABASE_URL: 'postgres://db.example.com/pay',
  PUBLIC_URL: 'https://pay.example.com',
  SUPPORT_URL: 'https://help.example.com',
  SMTP_URL: 'smtps://mail.example.com',
  MAIL_FROM: 'no-reply@pay.example.com',
  APP_SECRET: strong,
}

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (e) {
    if (e instanceof ConfigError) return e.message
    throw e
  }
  throw new Error('expected the configuration to be refused')
}

describe('the configuration', () => {
  it('starts production on a real network with a random secret', () => {
    const config = loadConfig(production)
    expect(config).toMatchObject({ env: 'production', isDemo: false, appSecret: strong })
    expect(config.appSecretPrevious).toBeNull()
    const rotating = loadConfig({
      ...production,
      APP_SECRET_PREVIOUS: randomBytes(32).toString('hex'),
    })
    expect(rotating.appSecretPrevious).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses NODE_ENV=production on the demo network, with or without a secret', () => {
    expect(refusal({ ...production, BITCOIN_NETWORK: 'simnet' })).toMatch(/BITCOIN_NETWORK/)
    const { BITCOIN_NETWORK: _, ...withoutNetwork } = production
    expect(refusal(withoutNetwork)).toMatch(/simnet is the demo network/)
  })

  it('refuses the demo secret on a real network', () => {
    expect(refusal({ ...production, APP_SECRET: DEMO_SECRET })).toMatch(/demo APP_SECRET/)
    expect(refusal({ ...production, APP_SECRET_PREVIOUS: DEMO_SECRET })).toMatch(/demo/)
    expect(refusal({ ...production, NODE_ENV: 'development', APP_SECRET: DEMO_SECRET })).toMatch(
      /demo APP_SECRET/,
    )
  })

  it('refuses a short or low-entropy secret in production', () => {
    expect(refusal({ ...production, APP_SECRET: 'short-secret' })).toMatch(/at least 32/)
    for (const weak of [
      'a'.repeat(64),
      'abababababababababababababababababababab',
      'abcdefghijklmnopqrstuvwxyz0123456789',
      'passwordpasswordpasswordpassword',
      '0000000000000000000000000000000000001111',
    ]) {
      expect(refusal({ ...production, APP_SECRET: weak }), weak).toMatch(/guessable/)
    }
    expect(refusal({ ...production, APP_SECRET_PREVIOUS: 'x'.repeat(40) })).toMatch(/guessable/)
  })

  it('keeps demo mode working without a secret outside production', () => {
    const demo = loadConfig({ NODE_ENV: 'development' })
    expect(demo).toMatchObject({ isDemo: true, appSecret: DEMO_SECRET })
  })

  it('leads Support links to SUPPORT_URL, required outside demo mode', () => {
    expect(loadConfig(production).supportUrl).toBe('https://help.example.com')
    for (const url of ['http://intranet.example/help', 'mailto:help@pay.example.com']) {
      expect(loadConfig({ ...production, SUPPORT_URL: url }).supportUrl).toBe(url)
    }
    const { SUPPORT_URL: _, ...withoutSupport } = production
    expect(refusal(withoutSupport)).toBe(
      'Missing configuration for BITCOIN_NETWORK=mainnet: SUPPORT_URL',
    )
    for (const bad of [
      'help.example.com',
      'javascript:alert(1)',
      'ftp://files.example.com',
      'mailto:',
      'mailto:support',
      'tel:+3120000000',
    ]) {
      expect(refusal({ ...production, SUPPORT_URL: bad }), bad).toMatch(
        /^Invalid configuration:\nSUPPORT_URL: SUPPORT_URL must be an https: or http: address .* or a mailto: address/,
      )
    }
    // the demo has one of its own, and takes another
    expect(loadConfig({ NODE_ENV: 'development' }).supportUrl).toBe('mailto:support@example.com')
    expect(loadConfig({ SUPPORT_URL: 'https://help.example.com' }).supportUrl).toBe(
      'https://help.example.com',
    )
    expect(refusal({ SUPPORT_URL: 'support@example.com' })).toMatch(/SUPPORT_URL must be/)
  })

  it('makes the server refuse to start, saying why', async () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
    const start = (env: Record<string, string>) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: serverDir,
          env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        child.stdout.on('data', (d: Buffer) => (output += d.toString()))
        child.stderr.on('data', (d: Buffer) => (output += d.toString()))
        child.on('exit', (code) => resolve({ code, output }))
      })
    const demo = await start({ NODE_ENV: 'production', BITCOIN_NETWORK: 'simnet' })
    expect(demo.code).toBe(1)
    expect(demo.output).toMatch(/simnet is the demo network/)
    const weak = await start({ ...production, APP_SECRET: 'x'.repeat(48) })
    expect(weak.code).toBe(1)
    expect(weak.output).toMatch(/guessable/)
    const { SUPPORT_URL: _, ...withoutSupport } = production
    const unsupported = await start(withoutSupport)
    expect(unsupported.code).toBe(1)
    expect(unsupported.output).toMatch(/Missing configuration .*: SUPPORT_URL/)
  })
})
