/**
 * Node 20 has no global WebSocket; the NWC client library expects one when it loads.
 * Import this module before anything that imports `@getalby/sdk`.
 */
import WebSocket from 'ws'

globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket
