/**
 * Where the bytes of device images are kept. PostgreSQL (the default) keeps them in the image's
 * own row, written in the same transaction as its metadata, so there is nothing to put before or
 * delete after. An S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze B2...) keeps
 * them as objects, through the `ObjectStore` port: put, get and delete by key. The metadata
 * (business, type, size, dimensions, time) stays in PostgreSQL either way, so every instance
 * knows what exists and serves it.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { ImageStoreConfig } from '../../config-image-store'

/** Bytes kept under keys outside the database. */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The bytes, or null when no object has this key. */
  get(key: string): Promise<Buffer | null>
  /** Deletes the object; one already gone is no error. */
  delete(key: string): Promise<void>
}

export type ImageStore =
  { kind: 'postgres' } | { kind: 's3'; objects: ObjectStore; keyPrefix: string; describe: string }

export function createImageStore(config: ImageStoreConfig): ImageStore {
  if (config.kind === 'postgres') return { kind: 'postgres' }
  return {
    kind: 's3',
    objects: createS3ObjectStore(config),
    keyPrefix: config.keyPrefix,
    describe: `s3://${config.bucket}/${config.keyPrefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/**
 * The object key of an image: grouped by business, named by the image's id (and a `version`
 * when the image's bytes are copied from PostgreSQL, so each copy attempt has its own key).
 */
export function imageObjectKey(
  keyPrefix: string,
  image: { businessId: string; id: string; contentType: string },
  version?: string,
): string {
  const ext = EXTENSIONS[image.contentType] ?? 'bin'
  const name = version ? `${image.id}-${version}` : image.id
  return `${keyPrefix}device-images/${image.businessId}/${name}.${ext}`
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  )
}

/** An S3-compatible service, signed with AWS Signature V4 by the AWS SDK. */
function createS3ObjectStore(config: Extract<ImageStoreConfig, { kind: 's3' }>) {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: {
      accessKeyId: config.credentials.accessKeyId,
      secretAccessKey: config.credentials.secretAccessKey,
    },
    // Checksums only where S3 requires them: several S3-compatible services refuse the
    // trailing checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
  })
  const bucket = config.bucket
  const store: ObjectStore = {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          // an upload gets a new key, so an object never changes
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!res.Body) return null
        return Buffer.from(await res.Body.transformToByteArray())
      } catch (err) {
        if (isMissing(err)) return null
        throw err
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
      } catch (err) {
        if (!isMissing(err)) throw err
      }
    },
  }
  return store
}
