/**
 * Node 20 has no global WebSocket; the NWC client library expects one when it loads. It gets
 * `ws` with the relay policy applied to every connection (`wallets/nwc/relay-guard.ts`).
 * Import this module before anything that imports `@getalby/sdk`.
 */
import { GuardedWebSocket } from '../wallets/nwc/relay-guard'

globalThis.WebSocket ??= GuardedWebSocket as unknown as typeof globalThis.WebSocket
