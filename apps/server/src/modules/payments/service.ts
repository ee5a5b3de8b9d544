/**
 * Taking payments, one service over its parts: receiving (`receive.ts`: every way of receiving,
 * Lightning, on-chain, tips and ecash, writes the row, asks the wallet, attaches or fails), the
 * till's requests (`requests.ts`), reading and following a payment (`follow.ts`), and crediting
 * one finished outside the watchers (`credit.ts`).
 */
import { satToFiatMinor } from '@app/domain'
import type { PgEventBus } from '../../lib/pg-events'
import type { PriceService } from '../price'
import { createDirectCredit } from './credit'
import { createFollowing } from './follow'
import { createReceiving, refusal, viewOf, type Need, type PaymentLog } from './receive'
import type { PaymentRepo } from './repo'
import { checkAmount, createPaymentRequests } from './requests'
import { createSettlements } from './settlements'
import type { WalletProvider } from '../../wallets/wallet-provider'
import type { WalletWatchers } from './watchers'

export function createPaymentService(deps: {
  repo: PaymentRepo
  wallets: WalletProvider
  watchers: WalletWatchers
  price: PriceService
  bus: PgEventBus
  /** where raw wallet and database errors of failed payments go; default the watchers' log */
  log?: PaymentLog
  /** how long an unpaid address payment outlives its invoice (as given to the expiry job) */
  addressGraceMs?: number
}) {
  const log = deps.log ?? deps.watchers.log
  const receiving = createReceiving({ ...deps, log })
  const settlements = createSettlements(deps)

  return {
    receive: receiving.receive,
    viewOf,
    refusal,

    /** Throws NO_WALLET or WALLET_UNSUPPORTED unless the business's wallet can do `need`. */
    async requireCapability(businessId: string, need: Need): Promise<void> {
      await receiving.requireWallet(businessId, need)
    },

    replay: receiving.replay,
    resume: receiving.resume,
    ...createPaymentRequests({ receiving, price: deps.price }),
    ...createFollowing({ repo: deps.repo, bus: deps.bus, settlements }),
    ...createDirectCredit({ ...deps, log }),
    checkAmount,
    fiatOf: satToFiatMinor,
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
