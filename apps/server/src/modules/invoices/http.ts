/**
 * The invoice API (`/api/v1/invoices`, a web shop with an API key) and the public endpoints of
 * the checkout and payment-link pages (`/api/v1/checkout`, `/api/v1/links`), registered in the
 * same Fastify context as the POS API: one OpenAPI document, the same zod schemas, the same
 * `{ error, code }` refusals. An API key's business is the only one its calls ever see.
 */
import {
  CHECKOUT_EVENT,
  ZApiError,
  ZCheckout,
  ZCheckoutEcash,
  ZInvoice,
  ZInvoiceCreate,
  ZInvoiceList,
  ZInvoiceListQuery,
  ZPaymentLinkPage,
  ZPaymentLinkUse,
  type ApiKeyScope,
} from '@app/domain'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Services } from '../../services'

const ZInvoiceParams = z.object({ invoiceId: z.uuid() })
const ZLinkParams = z.object({ linkId: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/) })
const ZKeyHeaders = z.object({
  authorization: z
    .string()
    .max(200)
    .describe('`Bearer sk_...`: an API key of the business, with the scope the call needs'),
})
const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  412: ZApiError,
  429: ZApiError,
}
const security: { [scheme: string]: string[] }[] = [{ apiKey: [] }]

type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** Adds the invoice API and the checkout's endpoints to the POS API's context. */
export function registerInvoiceRoutes(api: Api, services: Services): void {
  const callers = new WeakMap<FastifyRequest, { businessId: string; keyId: string }>()
  const withKey = (scope: ApiKeyScope) => ({
    preValidation: async (req: FastifyRequest) => {
      callers.set(req, await services.apiKeys.authenticate(req.headers.authorization, scope))
    },
  })
  const callerOf = (req: FastifyRequest) => {
    const caller = callers.get(req)
    if (!caller) throw new Error('not authenticated')
    return caller
  }
  const abortOnClose = (req: FastifyRequest) => {
    const controller = new AbortController()
    req.raw.once('close', () => controller.abort())
    return controller.signal
  }

  api.post(
    '/api/v1/invoices',
    {
      ...withKey('invoices:create'),
      schema: {
        summary: 'Create an invoice',
        description:
          'Send the customer to `checkoutUrl`. The same `idempotencyKey` answers the same invoice (200); with another amount or currency it is refused (409, IDEMPOTENCY_KEY_REUSED).',
        tags: ['Invoices'],
        security,
        headers: ZKeyHeaders,
        body: ZInvoiceCreate,
        response: { 200: ZInvoice, 201: ZInvoice, ...errors },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req)
      const { invoice, created, row } = await services.invoices.createFromApi(
        caller.businessId,
        caller.keyId,
        req.body,
        abortOnClose(req),
      )
      if (created) await services.invoiceSync.created(row, invoice)
      return reply.status(created ? 201 : 200).send(invoice)
    },
  )

  api.get(
    '/api/v1/invoices',
    {
      ...withKey('invoices:read'),
      schema: {
        summary: 'List invoices, newest first',
        tags: ['Invoices'],
        security,
        headers: ZKeyHeaders,
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoiceList, ...errors },
      },
    },
    async (req) => services.invoices.list(callerOf(req).businessId, req.query),
  )

  api.get(
    '/api/v1/invoices/:invoiceId',
    {
      ...withKey('invoices:read'),
      schema: {
        summary: 'Read an invoice',
        tags: ['Invoices'],
        security,
        headers: ZKeyHeaders,
        params: ZInvoiceParams,
        response: { 200: ZInvoice, ...errors },
      },
    },
    async (req) => services.invoices.get(callerOf(req).businessId, req.params.invoiceId),
  )

  api.post(
    '/api/v1/invoices/:invoiceId/invalidate',
    {
      ...withKey('invoices:create'),
      schema: {
        summary: 'Invalidate an invoice not paid or being paid',
        description:
          'The checkout page stops offering it. An invoice whose money is arriving or arrived is refused (412, INVOICE_NOT_INVALIDATABLE).',
        tags: ['Invoices'],
        security,
        headers: ZKeyHeaders,
        params: ZInvoiceParams,
        response: { 200: ZInvoice, ...errors },
      },
    },
    async (req) => {
      const { businessId } = callerOf(req)
      const row = await services.invoices.invalidate(businessId, req.params.invoiceId)
      await services.invoiceSync.sync(row)
      return services.invoices.get(businessId, req.params.invoiceId)
    },
  )

  // ---- the checkout and payment-link pages (public: the ids are the keys) ----

  api.get(
    '/api/v1/checkout/:invoiceId',
    {
      schema: {
        summary: "An invoice as its checkout page shows it (public, the page's own call)",
        tags: ['Checkout'],
        params: ZInvoiceParams,
        response: { 200: ZCheckout, ...errors },
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store')
      return services.checkout.get(req.params.invoiceId)
    },
  )

  api.post(
    '/api/v1/checkout/:invoiceId/ecash',
    {
      schema: {
        summary: 'Pay an invoice with a Cashu token of its amount',
        tags: ['Checkout'],
        params: ZInvoiceParams,
        body: ZCheckoutEcash,
        response: { 200: ZCheckout, ...errors },
      },
    },
    async (req) =>
      services.checkout.payWithEcash(
        req.params.invoiceId,
        req.body.token,
        req.ip,
        abortOnClose(req),
      ),
  )

  api.get(
    '/api/v1/checkout/:invoiceId/events',
    {
      schema: {
        summary: 'Follow an invoice (server-sent events) until it is paid or invalid',
        description: `Each event is \`${CHECKOUT_EVENT}\` with the checkout view as JSON.`,
        tags: ['Checkout'],
        params: ZInvoiceParams,
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
    },
    async (req, reply) => streamCheckout(services, req, reply, req.params.invoiceId),
  )

  api.get(
    '/api/v1/links/:linkId',
    {
      schema: {
        summary: 'A payment link as its page shows it (public)',
        tags: ['Checkout'],
        params: ZLinkParams,
        response: { 200: ZPaymentLinkPage, ...errors },
      },
    },
    async (req) => services.checkout.linkPage(req.params.linkId),
  )

  api.post(
    '/api/v1/links/:linkId/invoices',
    {
      schema: {
        summary: 'Use a payment link: a new invoice to pay on its checkout page (public)',
        tags: ['Checkout'],
        params: ZLinkParams,
        body: ZPaymentLinkUse,
        response: { 201: ZCheckout, ...errors },
      },
    },
    async (req, reply) => {
      const view = await services.checkout.useLink(
        req.params.linkId,
        req.body.amount,
        req.ip,
        abortOnClose(req),
      )
      return reply.status(201).send(view)
    },
  )
}

async function streamCheckout(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  invoiceId: string,
) {
  const controller = new AbortController()
  const lastEventId = req.headers['last-event-id']
  const events = services.checkout.follow(
    invoiceId,
    controller.signal,
    typeof lastEventId === 'string' ? lastEventId : null,
  )
  // the first value is read before the stream starts, so an unknown invoice is a plain 404
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
  const write = (view: unknown) => {
    res.write(`event: ${CHECKOUT_EVENT}\ndata: ${JSON.stringify(view)}\n\n`)
  }
  try {
    if (!first.done) write(first.value)
    for await (const view of events) write(view)
  } catch (err) {
    if (!controller.signal.aborted) req.log.error(err)
  } finally {
    res.end()
  }
}
