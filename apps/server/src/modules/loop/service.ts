/**
 * Lightning Loop for a merchant's own node: autoloop (`autoloop.ts`) and manual loop outs
 * (`loop-out.ts`), each through the consent policy before loopd is asked. A manual swap is a row with its idempotency key before loopd is asked; a reply
 * that never came leaves it `unknown`, and the follow-up job finds it in loopd by its label or
 * fails it.
 */
import type { BitcoinNetwork } from '@app/domain'
import type { ConsentService } from '../consent'
import type { NodeService } from '../node'
import { createAutoloop } from './autoloop'
import { createLoopOut } from './loop-out'
import { createLoopd } from './loopd'
import type { LoopRepo, LoopSwapRow } from './repo'
import { applySwap, labelOf, recordAutoloopSwaps, swapView } from './swap-rows'

/** A row loopd never saw this long after it was written: nothing was started. */
const NEVER_SEEN_MS = 120_000

export function createLoopService(deps: {
  repo: LoopRepo
  nodes: Pick<NodeService, 'admin' | 'settings'>
  consent: ConsentService
  network: BitcoinNetwork
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, consent, log } = deps
  const loopd = createLoopd(deps)

  return {
    ...createAutoloop({ loopd, consent, log }),
    ...createLoopOut({ repo, loopd, consent, log }),

    /** The business's swaps, newest first, with those autoloop started recorded. */
    async swaps(businessId: string, signal?: AbortSignal) {
      try {
        const admin = await loopd.adminOf(businessId)
        await recordAutoloopSwaps(repo, businessId, await admin.swaps(signal))
      } catch (err) {
        // the recorded ones are still shown when loopd cannot be asked
        log?.(`loop swaps of ${businessId} not read`, err)
      }
      return (await repo.list(businessId)).map(swapView)
    },

    /** Follows one open row to what loopd says of it (the job's step). */
    async follow(row: LoopSwapRow, signal?: AbortSignal): Promise<LoopSwapRow> {
      const admin = await loopd.adminOf(row.businessId)
      if (row.swapId) return applySwap(repo, row, await admin.swap(row.swapId, signal))
      const all = await admin.swaps(signal)
      const found = all.find((s) => s.label === labelOf(row.id))
      if (found) return applySwap(repo, row, found)
      if (Date.now() - row.createdAt.getTime() > NEVER_SEEN_MS) {
        return (
          (await repo.update(row.id, { status: 'failed', failureReason: 'NOT_STARTED' })) ?? row
        )
      }
      return row
    },
  }
}

export type LoopService = ReturnType<typeof createLoopService>
