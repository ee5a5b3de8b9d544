/**
 * A real S3-compatible server for the device image tests (s3rver, on 127.0.0.1 and a free port,
 * files in a temporary folder), the environment that points the server at it, and a client of
 * its own to look into the bucket (the AWS SDK, as the server uses).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import {
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'

const BUCKET = 'device-images-test'
// s3rver's built-in account
const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'

export interface TestS3 {
  endpoint: string
  bucket: string
  /** the server's environment for this store, under a key prefix of its own */
  env(prefix?: string): Record<string, string>
  /** the keys in the bucket under a prefix */
  keys(prefix: string): Promise<string[]>
  /** an object's bytes and type, or null */
  object(key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | null>
  /** stops answering (connections refused) until `resume` */
  pause(): Promise<void>
  resume(): Promise<void>
  close(): Promise<void>
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const options = {
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  }
  let server: S3rver | null = new S3rver({ ...options, port: 0 })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  })
  return {
    endpoint,
    bucket: BUCKET,
    env: (prefix = `run-${randomBytes(4).toString('hex')}`) => ({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_KEY_PREFIX: prefix,
    }),
    async keys(prefix) {
      const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))
      return (res.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort()
    },
    async object(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
        const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? [])
        return { bytes, contentType: res.ContentType }
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null
        throw err
      }
    },
    async pause() {
      await server?.close()
      server = null
    },
    async resume() {
      server = new S3rver({ ...options, port })
      await server.run()
    },
    async close() {
      client.destroy()
      await server?.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
