/** The public face of staff: its service (other modules use none of it yet). */
export type { StaffService } from './service'
