/** The public face of tips: its service (other modules use none of it yet). */
export type { TipService } from './service'
