/** Where the bytes of device images are kept, from the `S3_*` settings (`config-env.ts`). */
import type { Env } from './config-env'

/** PostgreSQL (the default), or an S3-compatible service (AWS S3, MinIO, R2, B2...). */
export type ImageStoreConfig =
  | { kind: 'postgres' }
  | {
      kind: 's3'
      bucket: string
      region: string
      /** the service's address; none: AWS S3 itself */
      endpoint: string | null
      /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` */
      forcePathStyle: boolean
      /** put before every object key, e.g. `prod/` */
      keyPrefix: string
      credentials: S3Credentials
    }

/** Access key id and secret; never printed (`JSON.stringify` and `console.log` show neither). */
export interface S3Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
const S3_ALL = [
  ...S3_REQUIRED,
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_KEY_PREFIX',
] as const

function s3Credentials(accessKeyId: string, secretAccessKey: string): S3Credentials {
  const hidden = { accessKeyId: '[redacted]', secretAccessKey: '[redacted]' }
  const credentials = {
    toJSON: () => hidden,
    [Symbol.for('nodejs.util.inspect.custom')]: () => hidden,
  }
  // not enumerable: spreading, logging or serialising the configuration never carries them
  Object.defineProperty(credentials, 'accessKeyId', { value: accessKeyId, enumerable: false })
  Object.defineProperty(credentials, 'secretAccessKey', {
    value: secretAccessKey,
    enumerable: false,
  })
  return credentials as unknown as S3Credentials
}

/**
 * S3 is chosen only when its bucket and credentials are all set. A partial set is a mistake
 * (`incomplete` names what is missing; a production server refuses to start with it); images
 * then stay in PostgreSQL. Secrets appear in no message.
 */
export function imageStoreOf(e: Env): { store: ImageStoreConfig; incomplete: string | null } {
  const given = S3_ALL.filter((k) => e[k] !== undefined && e[k] !== '')
  const missing = S3_REQUIRED.filter((k) => !e[k])
  if (given.length === 0) return { store: { kind: 'postgres' }, incomplete: null }
  if (missing.length > 0) {
    const incomplete =
      `Incomplete S3 image store configuration: ${given.join(', ')} set but ` +
      `${missing.join(', ')} missing (set all of ${S3_REQUIRED.join(', ')}, or none to ` +
      'keep images in PostgreSQL)'
    return { store: { kind: 'postgres' }, incomplete }
  }
  const prefix = (e.S3_KEY_PREFIX ?? '').replace(/^\/+/, '')
  const store: ImageStoreConfig = {
    kind: 's3',
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, '') ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    keyPrefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    credentials: s3Credentials(e.S3_ACCESS_KEY_ID ?? '', e.S3_SECRET_ACCESS_KEY ?? ''),
  }
  return { store, incomplete: null }
}
