/** The public face of sales: its service (other modules use none of it yet). */
export type { SalesService } from './service'
