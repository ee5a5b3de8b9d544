/**
 * The node host: operator infrastructure with no standard protocol, so a small JSON API under
 * `/nodehost/v1`, authenticated with the host token (`Authorization: Bearer <token>`, listed in
 * /control/services). Create a node for a business, follow its status, update, restart, stop.
 * Under `/control/nodehost` the operator approves and restarts nodes, and a tester holds a step
 * of the host's work open (`/steps/:step/hold`, `/steps/:step/release`).
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { World } from '../../world/api'
import { serviceDirectory } from '../control/directory'
import { HostError, NodeHost, isHoldableStep } from './host'
import { nodeView } from './view'

export const NODEHOST_PREFIX = '/nodehost'

export interface NodehostOptions {
  autoApprove: boolean
  tlsCertPem?: string
}

export async function registerNodehost(
  app: FastifyInstance,
  world: World,
  opts: NodehostOptions,
): Promise<void> {
  const host = new NodeHost(world, opts.autoApprove)
  const token = Buffer.from(world.keys.bytes('nodehost:token', 24)).toString('hex')
  const cert = opts.tlsCertPem ?? ''
  const view = (id: string) => nodeView(world, host, host.get(id), cert)
  serviceDirectory(world).describe('nodehost', () => ({
    url: `${world.baseUrl}${NODEHOST_PREFIX}/v1`,
    token,
    autoApprove: opts.autoApprove,
  }))
  app.addHook('onClose', (_instance, done) => {
    host.close()
    done()
  })

  const sendError = (reply: FastifyReply, err: unknown) => {
    if (err instanceof HostError) {
      return reply.code(err.status).send({ error: { code: err.code, message: err.message } })
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500
    return reply.code(status).send({
      error: {
        code: status === 400 ? 'bad_request' : 'internal',
        message: (err as Error).message,
      },
    })
  }

  await app.register(
    (scope, _opts, done) => {
      scope.setErrorHandler((err, _req, reply) => sendError(reply, err))
      scope.addHook('onRequest', (req: FastifyRequest, _reply, next) => {
        const header = req.headers.authorization ?? ''
        const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '')
        const expected = Buffer.from(token)
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          next(new HostError(401, 'unauthorized', 'missing or wrong host token'))
          return
        }
        next()
      })
      scope.post('/v1/nodes', (req, reply) => {
        const businessId = (req.body as { businessId?: unknown } | undefined)?.businessId
        if (typeof businessId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(businessId)) {
          throw new HostError(
            400,
            'bad_request',
            'businessId (1-64 of A-Z a-z 0-9 _ -) is required',
          )
        }
        return reply.code(201).send(view(host.create(businessId).id))
      })
      scope.get('/v1/nodes', (req) => {
        const businessId = (req.query as { businessId?: string }).businessId
        return {
          nodes: host
            .list()
            .filter((n) => !businessId || n.businessId === businessId)
            .map((n) => view(n.id)),
        }
      })
      scope.get('/v1/nodes/:id', (req) => view((req.params as { id: string }).id))
      scope.post('/v1/nodes/:id/update', (req, reply) => {
        const id = (req.params as { id: string }).id
        const version = (req.body as { version?: unknown } | undefined)?.version
        host.update(id, typeof version === 'string' ? version : undefined)
        return reply.code(202).send(view(id))
      })
      for (const action of ['restart', 'stop', 'start'] as const) {
        scope.post(`/v1/nodes/:id/${action}`, (req, reply) => {
          const id = (req.params as { id: string }).id
          host[action](id)
          return reply.code(202).send(view(id))
        })
      }
      done()
    },
    { prefix: NODEHOST_PREFIX },
  )

  await app.register(
    (scope, _opts, done) => {
      scope.setErrorHandler((err, _req, reply) => sendError(reply, err))
      scope.get('/nodes', () => ({ nodes: host.list().map((n) => view(n.id)) }))
      scope.post('/nodes/:id/approve', (req) => {
        const id = (req.params as { id: string }).id
        host.approve(id)
        return view(id)
      })
      // The operator restarts a node (as a host reboot would): its lnd comes back locked.
      scope.post('/nodes/:id/restart', (req) => {
        const id = (req.params as { id: string }).id
        host.restart(id)
        return view(id)
      })
      // A tester holds a step of the host's work open (every node in it stays there) until it
      // releases the step: what a page shows meanwhile no longer depends on the machine's speed.
      for (const action of ['hold', 'release'] as const) {
        scope.post(`/steps/:step/${action}`, (req) => {
          const step = (req.params as { step: string }).step
          if (!isHoldableStep(step)) {
            throw new HostError(400, 'bad_request', `no step ${step} to hold`)
          }
          host[action](step)
          return { held: host.heldSteps() }
        })
      }
      done()
    },
    { prefix: '/control/nodehost' },
  )
}
