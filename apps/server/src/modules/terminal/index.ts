/** The public face of the terminal: its service and events (other modules use none of it yet). */
export type { TerminalService } from './service'
export type { TerminalEvents } from './events'
