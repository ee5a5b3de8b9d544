/**
 * The line `npm start` prints once the server listens: where to open it, and in which mode
 * (printed whatever LOG_LEVEL says).
 */
import type { AppConfig } from './config'

type StartConfig = Pick<
  AppConfig,
  'brandName' | 'publicUrl' | 'isDemo' | 'network' | 'pairingOrigins'
>

export function startLine(config: StartConfig, demoNetworkUrl?: string): string {
  const { offered, alternative } = config.pairingOrigins
  // a demo open to the network: the address a tablet on it uses
  const network = alternative === null ? '' : ` and on this network at ${offered}`
  const mode = config.isDemo
    ? `demo mode: simulated Bitcoin network at ${demoNetworkUrl ?? 'this machine'}`
    : config.network
  return `${config.brandName} is running at ${config.publicUrl}${network} (${mode})`
}
