import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'

export const LOOP_PREFIX = '/loop'

export async function registerLoop(_app: FastifyInstance, _world: World): Promise<void> {}
