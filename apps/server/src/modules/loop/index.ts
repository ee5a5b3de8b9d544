/** The public face of Lightning Loop: its service (other modules use none of it yet). */
export type { LoopService } from './service'
