import { COIN } from './chain/network'
import type { SimChain } from './chain/chain'
import type { SimLightning } from './lightning/network'
import { LSP_ID, PAYER_ID } from './api'

/** Channel size between the payer and the provider, each way. */
const PAYER_CHANNEL_SAT = 5 * COIN

/**
 * A brand-new world: a funded payer and provider, a mature chain, and big open channels
 * between payer and provider in both directions so the payer can pay and be paid at once.
 */
export function bootstrapWorld(chain: SimChain, lightning: SimLightning): void {
  for (let i = 0; i < 5; i++) chain.faucet(chain.newAddress(PAYER_ID), 4 * COIN)
  for (let i = 0; i < 10; i++) chain.faucet(chain.newAddress(LSP_ID), 10 * COIN)
  chain.mine(100)
  const payer = lightning.createNode(PAYER_ID, 'simnet-payer')
  payer.openChannel(lightning.lsp.pubkey, { localFundingSat: PAYER_CHANNEL_SAT })
  lightning.openChannelFromLsp(PAYER_ID, PAYER_CHANNEL_SAT)
  chain.mine(6)
}
