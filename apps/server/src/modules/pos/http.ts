/**
 * The POS REST API under `/api/v1/pos/`, validated with the domain's zod schemas, which also
 * generate its OpenAPI 3 document at `/api/docs`. Every answer that is not a success is
 * `{ error, code }` with a code of the error catalogue and its status.
 */
import fastifySwagger from '@fastify/swagger'
import {
  MERCHANT_ID_HEADER,
  ZPosCreatePayment,
  ZPosError,
  ZPosPayment,
  ZPosSession,
  ZPosSessionInput,
  httpStatusOf,
  type ErrorCode,
} from '@app/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
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

const ZPaymentParams = z.object({ paymentId: z.uuid() })
const ZAuthHeaders = z.object({
  authorization: z.string().describe('`Basic base64(loginId:secret)` or `Bearer <session token>`'),
  [MERCHANT_ID_HEADER]: z.string().describe("The payment terminal's merchant id (MID)"),
})
const errors = { 400: ZPosError, 401: ZPosError, 403: ZPosError, 404: ZPosError, 409: ZPosError }

function send(reply: FastifyReply, code: ErrorCode, error: string) {
  return reply.status(httpStatusOf(code)).send({ error, code })
}

export function registerPosRoutes(app: FastifyInstance, services: Services): void {
  void app.register(async (root) => {
    await root.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${services.config.brandName} point-of-sale API`,
          version: '1',
          description:
            "Take payments from a till. Authenticate as a device login (its login id and secret with HTTP Basic, or a session token as Bearer) and send the device's merchant id in X-Merchant-Id.",
        },
        servers: [{ url: new URL(services.config.publicUrl).origin }],
      },
      transform: jsonSchemaTransform,
    })
    root.setValidatorCompiler(validatorCompiler)
    root.setSerializerCompiler(serializerCompiler)
    root.setErrorHandler((err, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        return send(reply, 'VALIDATION', 'Invalid input')
      }
      if (err instanceof DomainError) return send(reply, err.code, err.message)
      const status = (err as { statusCode?: number }).statusCode
      if (status && status < 500)
        return reply.status(status).send({ error: 'Bad request', code: 'VALIDATION' })
      req.log.error(err)
      return send(reply, 'INTERNAL', 'Something went wrong')
    })

    const api = root.withTypeProvider<ZodTypeProvider>()
    const pos = services.pos

    api.get('/api/docs', { schema: { hide: true } }, () => root.swagger())

    api.post(
      '/api/v1/pos/sessions',
      {
        schema: {
          summary: 'Start a session (a bearer token) with the device credentials',
          body: ZPosSessionInput,
          response: { 201: ZPosSession, 401: ZPosError },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await pos.signIn(req.body.loginId, req.body.secret)),
    )

    api.post(
      '/api/v1/pos/payments',
      {
        schema: {
          summary: 'Create a payment',
          headers: ZAuthHeaders,
          body: ZPosCreatePayment,
          response: { 201: ZPosPayment, ...errors },
        },
      },
      async (req, reply) => {
        const caller = await pos.authenticate(req.headers)
        const controller = new AbortController()
        req.raw.once('close', () => controller.abort())
        const payment = await pos.create(caller, req.body, controller.signal)
        return reply.status(201).send(payment)
      },
    )

    api.get(
      '/api/v1/pos/payments/:paymentId',
      {
        schema: {
          summary: 'Read a payment',
          headers: ZAuthHeaders,
          params: ZPaymentParams,
          response: { 200: ZPosPayment, ...errors },
        },
      },
      async (req) => pos.get(await pos.authenticate(req.headers), req.params.paymentId),
    )

    api.post(
      '/api/v1/pos/payments/:paymentId/cancel',
      {
        schema: {
          summary: 'Cancel a payment still waiting for its money',
          headers: ZAuthHeaders,
          params: ZPaymentParams,
          response: { 200: ZPosPayment, ...errors, 412: ZPosError },
        },
      },
      async (req) => pos.cancel(await pos.authenticate(req.headers), req.params.paymentId),
    )

    api.get(
      '/api/v1/pos/payments/:paymentId/events',
      {
        schema: {
          summary: 'Follow a payment (server-sent events) until it is paid, expired or failed',
          description:
            'Each event is `payment` with the payment as JSON; the stream ends after a final state.',
          headers: ZAuthHeaders,
          params: ZPaymentParams,
          response: { 200: z.string().describe('text/event-stream'), ...errors },
        },
      },
      async (req, reply) => {
        const caller = await pos.authenticate(req.headers)
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
