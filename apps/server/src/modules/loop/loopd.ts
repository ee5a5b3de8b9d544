/**
 * The business's own loopd as the Loop pages reach it: only a business with a node of its own
 * has one, addresses are checked against the network, and loopd's errors become catalogue codes.
 */
import { parseBitcoinAddress, type BitcoinNetwork } from '@app/domain'
import { DomainError } from '../../lib/errors'
import {
  NodeRefusedError,
  NodeUnreachableError,
  NoLoopError,
  type NodeAdmin,
} from '../../wallets/node-admin'
import type { NodeService } from '../node'

export function createLoopd(deps: {
  nodes: Pick<NodeService, 'admin' | 'settings'>
  network: BitcoinNetwork
}) {
  return {
    /** The business's own node; Loop is for own-node businesses only. */
    async adminOf(businessId: string): Promise<NodeAdmin> {
      if (!(await deps.nodes.settings(businessId)).exists) {
        throw new DomainError('LOOP_NOT_AVAILABLE', 'This business has no node of its own')
      }
      return (await deps.nodes.admin(businessId)).admin
    },

    /** loopd's errors as catalogue codes: no Loop, a node not running, or `otherwise`. */
    mapped(err: unknown, otherwise: DomainError): never {
      if (err instanceof DomainError) throw err
      if (err instanceof NoLoopError) {
        throw new DomainError('LOOP_NOT_AVAILABLE', 'Loop is not available on this node')
      }
      if (err instanceof NodeUnreachableError || err instanceof NodeRefusedError) {
        if (err instanceof NodeRefusedError && err.isLocked) {
          throw new DomainError('NODE_NOT_READY', 'Node is not ready')
        }
        throw otherwise
      }
      throw err
    },

    unavailable: () => new DomainError('LOOP_DATA_UNAVAILABLE', 'Failed to load Loop data'),

    checkAddress(address: string): string {
      const parsed = parseBitcoinAddress(address, deps.network)
      if (!parsed.ok) {
        throw new DomainError('LOOP_INVALID_ADDRESS', `Not an address on ${deps.network}`)
      }
      return parsed.address
    },
  }
}

export type Loopd = ReturnType<typeof createLoopd>
