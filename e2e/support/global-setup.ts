/**
 * Before the first journey: the simulated chain mines only when a journey says so (`/mine`), so
 * what a page shows between a payment's broadcast and its confirmation, or while a channel opens,
 * lasts until the journey has looked, however busy the machine.
 */
import { simnet } from './simnet'

export default async function globalSetup() {
  await simnet('POST', '/mining', { intervalMs: 0 })
}
