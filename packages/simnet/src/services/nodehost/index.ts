import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'

export const NODEHOST_PREFIX = '/nodehost'

export async function registerNodehost(
  _app: FastifyInstance,
  _world: World,
  _opts: { autoApprove: boolean },
): Promise<void> {}
