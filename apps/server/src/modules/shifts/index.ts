/** The public face of end of day: its service (other modules use none of it yet). */
export type { ShiftService } from './service'
