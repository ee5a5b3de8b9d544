/** What other modules may use of a business's own node. */
export type { NodeRepo, NodeRow } from './repo'
export type { NodeService } from './service'
