/**
 * Device images over plain HTTP: the owner uploads a logo or screen saver image as the raw
 * request body (`POST /api/businesses/:businessId/device-images/:kind`, session cookie, same
 * origin, the custom header `x-upload-source` that no cross-site form can send), and terminals
 * load them from `GET /api/device-images/:id` with their content type and long caching (an
 * upload gets a new id, so an address never changes what it shows), whether the bytes are in
 * PostgreSQL or the S3-compatible store (read by the server, never redirected to the bucket).
 */
import { DEVICE_IMAGE_KINDS, IMAGE_MAX_BYTES, httpStatusOf, type ErrorCode } from '@app/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import type { Services } from '../../services'
import { SESSION_COOKIE } from '../../trpc/context'
import { memberAuditOf } from '../audit'

const ZUploadParams = z.object({
  businessId: z.uuid(),
  kind: z.enum(DEVICE_IMAGE_KINDS),
})
const ZImageParams = z.object({ id: z.uuid() })

function refuse(reply: FastifyReply, code: ErrorCode, error: string) {
  return reply.status(httpStatusOf(code)).send({ error, code })
}

/** Bytes of a refused body still read (so the client hears the answer) before the line is cut. */
const DRAIN_LIMIT = 16 * 1024 * 1024

/**
 * The body, or `tooLarge` past the limit: declared too large by its length, or found so while
 * reading (what follows is read and dropped, up to a bound, so the answer reaches the client).
 */
async function readBody(req: FastifyRequest): Promise<Buffer | 'tooLarge'> {
  const declared = Number(req.headers['content-length'] ?? 0)
  const chunks: Buffer[] = []
  let size = 0
  let isTooLarge = declared > IMAGE_MAX_BYTES
  for await (const chunk of req.raw) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > IMAGE_MAX_BYTES) isTooLarge = true
    if (size > DRAIN_LIMIT) {
      req.raw.destroy()
      break
    }
    if (!isTooLarge) chunks.push(buf)
  }
  return isTooLarge ? 'tooLarge' : Buffer.concat(chunks)
}

function isSameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  if (origin === new URL(publicUrl).origin) return true
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

export function registerDeviceRoutes(app: FastifyInstance, services: Services): void {
  void app.register((scope, _opts, done) => {
    // The body is read by the handler itself, as bytes with a hard limit (never parsed).
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined))

    scope.post('/api/businesses/:businessId/device-images/:kind', async (req, reply) => {
      const params = ZUploadParams.safeParse(req.params)
      if (!params.success) return refuse(reply, 'VALIDATION', 'Invalid input')
      if (!isSameOrigin(req, services.config.publicUrl) || !req.headers['x-upload-source']) {
        return refuse(reply, 'FORBIDDEN_ORIGIN', 'Cross-site requests cannot change anything')
      }
      const user = await services.auth.resolveSession(req.cookies[SESSION_COOKIE], req.ip)
      if (!user) return refuse(reply, 'UNAUTHORIZED', 'Sign in to continue')
      try {
        await services.businesses.requireMember(
          params.data.businessId,
          user.id,
          'deviceSettings.manage',
        )
      } catch (err) {
        if (err instanceof DomainError) return refuse(reply, err.code, err.message)
        throw err
      }
      const body = await readBody(req)
      if (body === 'tooLarge') {
        return refuse(reply, 'FILE_TOO_LARGE', 'File is larger than allowed')
      }
      try {
        const settings = await services.deviceSettings.uploadImage(
          params.data.businessId,
          params.data.kind,
          body,
          memberAuditOf({ user, ip: req.ip, headers: req.headers }),
        )
        return reply.header('cache-control', 'no-store').send(settings)
      } catch (err) {
        if (err instanceof DomainError) return refuse(reply, err.code, err.message)
        throw err
      }
    })
    done()
  })

  app.get('/api/device-images/:id', async (req, reply) => {
    const params = ZImageParams.safeParse(req.params)
    if (!params.success) return refuse(reply, 'FILE_NOT_FOUND', 'File not found')
    const image = await services.deviceSettings.image(params.data.id)
    if (!image) return refuse(reply, 'FILE_NOT_FOUND', 'File not found')
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('last-modified', image.createdAt.toUTCString())
      .send(image.bytes)
  })
}
