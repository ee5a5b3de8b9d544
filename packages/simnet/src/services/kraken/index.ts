/**
 * An exchange modelled on Kraken's REST API, mounted at /kraken (clients use
 * `http://host:port/kraken` as the API root), plus its simnet control routes under
 * /control/kraken. Accounts, nonces, deposits, withdrawals and the ledger persist in the world.
 */
import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'
import type { LnNode } from '../../world/lightning-api'
import { accountHandlers } from './account'
import { controlRoutes } from './control'
import { Deposits } from './deposits'
import { PriceModel } from './price'
import { publicHandlers } from './public'
import { exchangeRoutes } from './routes'
import { KrakenStore } from './store'
import { HOT_WALLET, Withdrawals } from './withdrawals'

const KRAKEN_PREFIX = '/kraken'
const EXCHANGE_NODE_ID = 'exchange'
const CHANNEL_CAPACITY_SAT = 50_000_000
const CHANNEL_PUSH_SAT = 20_000_000
const HOT_WALLET_START_SAT = 2_000_000_000

/**
 * The exchange's Lightning node with a confirmed channel to the provider (inbound for deposits,
 * pushed outbound for withdrawals) and a funded hot wallet. Done once, on a fresh world.
 */
function prepareExchange(world: World): LnNode {
  const node = world.lightning.createNode(EXCHANGE_NODE_ID, 'kraken')
  const hasChannel = node.channels().some((c) => c.state !== 'closed')
  const hot = world.chain.balance(HOT_WALLET)
  if (hot.confirmedSat + hot.unconfirmedSat === 0) {
    world.chain.faucet(world.chain.newAddress(HOT_WALLET), HOT_WALLET_START_SAT)
  }
  if (!hasChannel) {
    const channel = world.lightning.openChannelFromLsp(
      EXCHANGE_NODE_ID,
      CHANNEL_CAPACITY_SAT,
      CHANNEL_PUSH_SAT,
    )
    world.chain.mine(channel.confirmationsNeeded)
  }
  return node
}

export async function registerKraken(app: FastifyInstance, world: World): Promise<void> {
  const store = new KrakenStore(world.persistence, () => world.clock.now())
  const node = prepareExchange(world)
  const deposits = new Deposits(world, store, node)
  const withdrawals = new Withdrawals(world, store, node)
  deposits.start()
  withdrawals.start()
  app.addHook('onClose', () => {
    deposits.stop()
    withdrawals.stop()
    return Promise.resolve()
  })

  const model = new PriceModel(world.keys.bytes('kraken:price', 32))
  const now = () => world.clock.now()
  await app.register(
    (scope, _opts, done) => {
      exchangeRoutes(scope, {
        publicHandlers: publicHandlers(model, now),
        privateHandlers: {
          ...accountHandlers(store),
          ...deposits.handlers(),
          ...withdrawals.handlers(),
        },
        store,
      })
      done()
    },
    { prefix: KRAKEN_PREFIX },
  )
  await app.register((scope, _opts, done) => {
    controlRoutes(scope, world, store)
    done()
  })
}
