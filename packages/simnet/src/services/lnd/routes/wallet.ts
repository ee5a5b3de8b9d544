import type { FastifyInstance } from 'fastify'
import { feeRateForTarget } from '../../../world/chain/fees'
import type { LndContext } from '../context'
import { invalidArgument } from '../errors'
import { i64, readInt } from '../proto'

/** lnd's floor for relaying a transaction: 1 sat/vB = 253 sat/kw. */
const MIN_RELAY_FEE_SAT_PER_KW = 253

/** WalletKit EstimateFee: the fee rate for a confirmation target, in sat/kw as lnd gives it. */
export function walletRoutes(scope: FastifyInstance, ctx: LndContext): void {
  scope.get('/v2/wallet/estimatefee/:conf_target', (req) => {
    const target = readInt((req.params as { conf_target: string }).conf_target, 'conf_target')
    if (target < 2) throw invalidArgument('confirmation target must be greater than 1')
    const satPerVbyte = feeRateForTarget(ctx.world.chain.feeEstimates(), target)
    return {
      sat_per_kw: i64(Math.max(satPerVbyte * 250, MIN_RELAY_FEE_SAT_PER_KW)),
      min_relay_fee_sat_per_kw: i64(MIN_RELAY_FEE_SAT_PER_KW),
    }
  })
}
