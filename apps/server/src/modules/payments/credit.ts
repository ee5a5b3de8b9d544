/**
 * A payment finished outside the watchers (an ecash melt): its fee recorded, then credited once,
 * or failed with the error its caller is given.
 */
import { DomainError } from '../../lib/errors'
import { satToFiatMinor } from '@app/domain'
import type { FiatCurrency, PriceService } from '../price'
import { logFailure, reasonOf, type PaymentLog } from './receive'
import type { PaymentRepo } from './repo'
import { paymentView, type PaymentView } from './view'

export function createDirectCredit(deps: {
  repo: PaymentRepo
  price: PriceService
  log?: PaymentLog
}) {
  const { repo } = deps

  function fiatFor(currency: string, sat: number): number | null {
    const rate = deps.price.peek()?.minorPerBtc[currency as FiatCurrency]
    return rate ? satToFiatMinor(sat, rate) : null
  }

  return {
    /** Fails a payment still open after its invoice was attached (an ecash melt that failed). */
    async fail(businessId: string, id: string, error: DomainError): Promise<never> {
      logFailure(deps.log, id, error)
      await repo.move(id, 'failed', { failureReason: reasonOf(error) })
      throw error
    },

    /** The fee taken from a payment on its way (an ecash mint's). */
    setFee: (id: string, feeSat: number) => repo.setFee(id, feeSat),

    /** Credits a payment received outside the watchers (an ecash melt that paid), once. */
    async settle(
      businessId: string,
      id: string,
      input: { receivedSat: number; feeSat: number; currency: string },
    ): Promise<PaymentView> {
      const settled = await repo.settle(id, {
        receivedSat: input.receivedSat,
        settledAt: new Date(),
        fiatMinor: fiatFor(input.currency, input.receivedSat),
        feeSat: input.feeSat,
      })
      const row = settled ?? (await repo.find(businessId, id))
      if (!row) throw new DomainError('NOT_FOUND', 'Payment not found')
      return paymentView(row)
    },
  }
}
