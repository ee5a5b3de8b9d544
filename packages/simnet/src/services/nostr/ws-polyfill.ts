/**
 * Node 20 has no global WebSocket; nostr clients (and the @getalby/sdk bundle) expect one.
 * Import this before them.
 */
import WebSocket from 'ws'

const scope = globalThis as { WebSocket?: unknown }
scope.WebSocket ??= WebSocket
