/**
 * The device image store is chosen at start: PostgreSQL unless the S3 bucket and credentials are
 * all set; production refuses a partial set, naming what is missing; the secret is never shown.
 */
import { randomBytes } from 'node:crypto'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'

const secret = `s3-secret-${randomBytes(12).toString('hex')}`
const production = {
  NODE_ENV: 'production',
  BITCOIN_NETWORK: 'mainnet',
  DATABASE_URL: 'postgres://db.example.com/pay',
  PUBLIC_URL: 'https://pay.example.com',
  SUPPORT_URL: 'https://help.example.com',
  SMTP_URL: 'smtps://mail.example.com',
  MAIL_FROM: 'no-reply@pay.example.com',
  APP_SECRET: randomBytes(36).toString('base64'),
}
const s3 = {
  S3_BUCKET: 'merchant-images',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY',
  S3_SECRET_ACCESS_KEY: secret,
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

describe('the device image store configuration', () => {
  it('is PostgreSQL when nothing about S3 is set', () => {
    expect(loadConfig(production).imageStore).toEqual({ kind: 'postgres' })
    expect(loadConfig({ NODE_ENV: 'development' }).imageStore).toEqual({ kind: 'postgres' })
  })

  it('is S3 with the bucket and credentials; region, endpoint, path style and prefix optional', () => {
    const aws = loadConfig({ ...production, ...s3 }).imageStore
    expect(aws).toMatchObject({
      kind: 's3',
      bucket: 'merchant-images',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      keyPrefix: '',
    })
    const minio = loadConfig({
      ...production,
      ...s3,
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://minio.internal.example:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: '/prod/images',
    }).imageStore
    expect(minio).toMatchObject({
      kind: 's3',
      region: 'auto',
      endpoint: 'https://minio.internal.example:9000',
      forcePathStyle: true,
      keyPrefix: 'prod/images/',
    })
    if (minio.kind !== 's3') throw new Error('expected S3')
    expect(minio.credentials.accessKeyId).toBe('AKIAEXAMPLEKEY')
    expect(minio.credentials.secretAccessKey).toBe(secret)
  })

  it('never shows the credentials when the configuration is printed or serialised', () => {
    const config = loadConfig({ ...production, ...s3 })
    for (const shown of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      inspect({ ...config.imageStore }, { depth: 10 }),
    ]) {
      expect(shown).not.toContain(secret)
      expect(shown).not.toContain('AKIAEXAMPLEKEY')
    }
    expect(JSON.stringify(config)).toContain('merchant-images')
  })

  it('refuses a partial set in production, naming what is missing and no secret', () => {
    const missingSecret = refusal({
      ...production,
      S3_BUCKET: 'merchant-images',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY',
    })
    expect(missingSecret).toMatch(/S3_SECRET_ACCESS_KEY missing/)
    expect(missingSecret).not.toContain('AKIAEXAMPLEKEY')
    const onlySecret = refusal({ ...production, S3_SECRET_ACCESS_KEY: secret })
    expect(onlySecret).toMatch(/S3_BUCKET, S3_ACCESS_KEY_ID missing/)
    expect(onlySecret).not.toContain(secret)
    expect(refusal({ ...production, S3_ENDPOINT: 'https://s3.example.com' })).toMatch(
      /Incomplete S3 image store configuration/,
    )
    expect(refusal({ ...production, ...s3, S3_ENDPOINT: 'not a url' })).toMatch(/S3_ENDPOINT/)
    expect(refusal({ ...production, ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(
      /S3_FORCE_PATH_STYLE/,
    )
  })

  it('keeps images in PostgreSQL with a partial set outside production', () => {
    expect(
      loadConfig({ NODE_ENV: 'development', S3_BUCKET: 'merchant-images' }).imageStore,
    ).toEqual({ kind: 'postgres' })
  })
})
