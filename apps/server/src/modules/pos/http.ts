/**
 * The POS REST API under `/api/v1/pos/`, validated with the domain's zod schemas, which also
 * generate its OpenAPI 3.1 document at `/api/docs` (with the webhooks, `openapi.ts`). Every
 * answer that is not a success is `{ error, code }` with a code of the error catalogue and its
 * status; a refused authentication also names the `header` at fault. The headers are checked
 * before the body is.
 */
import fastifySwagger from '@fastify/swagger'
import {
  MERCHANT_ID_HEADER,
  MID_PATTERN,
  POS_AUTH_HEADERS,
  ZPosCreatePayment,
  ZPosError,
  ZPosPayment,
  ZPosSession,
  ZPosSessionInput,
  httpStatusOf,
  type ErrorCode,
} from '@app/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import type { Services } from '../../services'
import { paymentEventId } from '../payments'
import type { PosRequestCaller } from './auth'
import { registerInvoiceRoutes } from '../invoices'
import { posOpenApi } from './openapi'

const ZPaymentParams = z.object({ paymentId: z.uuid() })
const ZAuthHeaders = z.object({
  authorization: z
    .string()
    .regex(/^(Basic [A-Za-z0-9+/]+={0,2}|Bearer [A-Za-z0-9_-]{20,200})$/)
    .describe('`Basic base64(loginId:secret)` or `Bearer <session token>`'),
  [MERCHANT_ID_HEADER]: z
    .string()
    .regex(MID_PATTERN)
    .describe("The payment terminal's merchant id (MID) set on the device login"),
})
const errors = { 400: ZPosError, 401: ZPosError, 403: ZPosError, 404: ZPosError, 409: ZPosError }
const security: { [scheme: string]: string[] }[] = [
  { deviceCredentials: [] },
  { deviceSession: [] },
]

function send(reply: FastifyReply, code: ErrorCode, error: string, header?: unknown) {
  const named = POS_AUTH_HEADERS.find((h) => h === header)
  return reply.status(httpStatusOf(code)).send({ error, code, ...(named ? { header: named } : {}) })
}

export function registerPosRoutes(app: FastifyInstance, services: Services): void {
  void app.register(async (root) => {
    await root.register(fastifySwagger, {
      openapi: posOpenApi(services.config.brandName, services.config.publicUrl),
      transform: jsonSchemaTransform,
    })
    root.setValidatorCompiler(validatorCompiler)
    root.setSerializerCompiler(serializerCompiler)
    root.setErrorHandler((err, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        return send(reply, 'VALIDATION', 'Invalid input')
      }
      if (err instanceof DomainError) return send(reply, err.code, err.message, err.details.header)
      const status = (err as { statusCode?: number }).statusCode
      if (status && status < 500)
        return reply.status(status).send({ error: 'Bad request', code: 'VALIDATION' })
      req.log.error(err)
      return send(reply, 'INTERNAL', 'Something went wrong')
    })

    const api = root.withTypeProvider<ZodTypeProvider>()
    const pos = services.pos
    // The caller is authenticated from the headers before the body is validated or read.
    const callers = new WeakMap<FastifyRequest, PosRequestCaller>()
    const authenticated = {
      preValidation: async (req: FastifyRequest) => {
        callers.set(req, await pos.authenticate(req.headers))
      },
    }
    const callerOf = (req: FastifyRequest) => {
      const caller = callers.get(req)
      if (!caller) throw new DomainError('UNAUTHORIZED', 'Not authenticated')
      return caller
    }

    api.get('/api/docs', { schema: { hide: true } }, () => root.swagger())
    // the invoice API and the checkout's endpoints: the same document, errors and schemas
    registerInvoiceRoutes(api, services)

    api.post(
      '/api/v1/pos/sessions',
      {
        schema: {
          summary: 'Start a session (a bearer token) with the device credentials',
          body: ZPosSessionInput,
          response: { 201: ZPosSession, 400: ZPosError, 401: ZPosError },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await pos.signIn(req.body.loginId, req.body.secret)),
    )

    api.post(
      '/api/v1/pos/payments',
      {
        ...authenticated,
        schema: {
          summary: 'Create a payment',
          security,
          headers: ZAuthHeaders,
          body: ZPosCreatePayment,
          response: { 201: ZPosPayment, ...errors },
        },
      },
      async (req, reply) => {
        const caller = callerOf(req)
        const controller = new AbortController()
        req.raw.once('close', () => controller.abort())
        const payment = await pos.create(caller, req.body, controller.signal)
        return reply.status(201).send(payment)
      },
    )

    api.get(
      '/api/v1/pos/payments/:paymentId',
      {
        ...authenticated,
        schema: {
          summary: 'Read a payment',
          security,
          headers: ZAuthHeaders,
          params: ZPaymentParams,
          response: { 200: ZPosPayment, ...errors },
        },
      },
      async (req) => pos.get(callerOf(req), req.params.paymentId),
    )

    api.post(
      '/api/v1/pos/payments/:paymentId/cancel',
      {
        ...authenticated,
        schema: {
          summary: 'Cancel a payment still waiting for its money',
          security,
          headers: ZAuthHeaders,
          params: ZPaymentParams,
          response: { 200: ZPosPayment, ...errors, 412: ZPosError },
        },
      },
      async (req) => pos.cancel(callerOf(req), req.params.paymentId),
    )

    api.get(
      '/api/v1/pos/payments/:paymentId/events',
      {
        ...authenticated,
        schema: {
          summary: 'Follow a payment (server-sent events) until it is paid, expired or failed',
          description:
            "Each event is `payment` with the payment as JSON; the stream ends after a final state, or within seconds of the device's access ending (signed out, regenerated or deleted).",
          security,
          headers: ZAuthHeaders,
          params: ZPaymentParams,
          response: { 200: z.string().describe('text/event-stream'), ...errors },
        },
      },
      async (req, reply) => {
        const caller = callerOf(req)
        const controller = new AbortController()
        const events = pos.follow(caller, req.params.paymentId, controller.signal)
        // the first value is read before the stream starts, so a refusal is a plain answer
        const first = await events.next()
        reply.hijack()
        const res = reply.raw
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-content-type-options': 'nosniff',
        })
        req.raw.once('close', () => controller.abort())
        const write = (payment: unknown) => {
          const id = paymentEventId(payment as Parameters<typeof paymentEventId>[0])
          res.write(`id: ${id}\nevent: payment\ndata: ${JSON.stringify(payment)}\n\n`)
        }
        try {
          if (!first.done) write(first.value)
          for await (const payment of events) write(payment)
        } catch (err) {
          if (!controller.signal.aborted) req.log.error(err)
        } finally {
          res.end()
        }
      },
    )
  })
}
