/**
 * Node 20 has no global WebSocket; the NWC client library expects one when it loads. It gets
 * `ws` under the production relay policy (`wallets/nwc/relay-guard.ts`): every relay socket our
 * NWC clients open is given its own policy's WebSocket instead, so this one only guards what
 * would otherwise slip through. Import this module before anything that imports `@getalby/sdk`.
 */
import { guardedWebSocket, PRODUCTION_RELAY_POLICY } from '../wallets/nwc/relay-guard'

globalThis.WebSocket ??= guardedWebSocket(
  PRODUCTION_RELAY_POLICY,
) as unknown as typeof globalThis.WebSocket
