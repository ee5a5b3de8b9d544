/**
 * A deposit page's stream: the deposit now and after every change, told by the repository's
 * notifications (the deposit job moves deposits on; nothing here asks the node). Each event
 * carries the deposit's change time as its id; a page reconnecting after an id gets the deposit
 * again only if it changed since.
 */
import { DomainError } from '../../lib/errors'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import { DEPOSIT_EVENTS_CHANNEL, type DepositEvent, type DepositRepo } from './repo'
import { depositView, type DepositView } from './view'

export interface DepositWatchEvent {
  /** the deposit's change time (UTC_MICROS) */
  at: string
  deposit: DepositView
}

export async function* watchDeposit(
  deps: { repo: DepositRepo; bus: PgEventBus },
  businessId: string,
  id: string,
  signal: AbortSignal | undefined,
  lastEventId?: string | null,
): AsyncGenerator<DepositWatchEvent> {
  const events = followChanges<DepositView>(deps.bus, {
    channel: DEPOSIT_EVENTS_CHANNEL,
    concerns: (payload) => (payload as Partial<DepositEvent>).id === id,
    read: async () => {
      const found = await deps.repo.findWithChangeTime(businessId, id)
      if (!found) throw new DomainError('NOT_FOUND', 'Deposit not found')
      return { id: found.at, value: depositView(found.row) }
    },
    // An open channel is where a deposit ends: nothing more to tell.
    isLast: (deposit) => deposit.channel.state === 'open',
    signal,
    lastEventId,
  })
  for await (const { id: at, value: deposit } of events) yield { at, deposit }
}
