/**
 * The withdraw form read as it is filled in: where the destination leads, the amount in sats
 * (typed in sats or in the business currency, read by the domain's money helpers), whether it
 * may be reviewed, and the request the server is asked to quote and then to send.
 */
import {
  fiatMinorToSat,
  invoiceOnly,
  parseMoneyToMinor,
  type BitcoinNetwork,
  type OnchainPriority,
  type WithdrawQuoteInput,
} from '@app/domain'
import type { AmountUnit } from '@/components/payments/amount'
import { detectDestination, type Detected } from './detect'
import type { Balances } from './use-withdraw'

export interface WithdrawFields {
  destination: string
  /** the amount as typed, in `unit` */
  amountText: string
  unit: AmountUnit
  priority: OnchainPriority
  /** sat/vB as typed, for the custom priority */
  customRate: string
  /** on chain: send the whole balance less the fee */
  sweepAll: boolean
}

export const EMPTY_WITHDRAW_FIELDS: WithdrawFields = {
  destination: '',
  amountText: '',
  unit: 'sat',
  priority: 'medium',
  customRate: '',
  sweepAll: false,
}

export interface WithdrawFormContext {
  balances: Balances | undefined
  network: BitcoinNetwork
  /** the price in the business currency; null while it is not known */
  minorPerBtc: number | null
}

type RegisteredDestination = Balances['destinations'][number]

interface WithdrawFormReading {
  detected: Detected
  /** the exchange's registered destination chosen, if one is */
  registered: RegisteredDestination | undefined
  rail: 'lightning' | 'onchain' | null
  /** the amount the invoice fixes, if it does */
  fixedAmount: number | null
  /** what is sent: null while nothing is typed, or when the whole balance is swept */
  amountSat: number | null
  canReview: boolean
}

export function readWithdrawForm(
  values: WithdrawFields,
  { balances, network, minorPerBtc }: WithdrawFormContext,
): WithdrawFormReading {
  const isExchange = balances?.registeredOnly === true
  const registered = isExchange
    ? balances.destinations.find((d) => d.key === values.destination)
    : undefined
  const detected: Detected = isExchange
    ? registered
      ? {
          state: 'ok',
          kind: 'registered',
          rail: registered.rail,
          amountSat: null,
          isAmountFixed: false,
        }
      : balances.canLightning
        ? onlyInvoice(values.destination, network)
        : { state: 'empty' }
    : detectDestination(values.destination, network, balances?.canLightning ?? true)
  const rail = detected.state === 'ok' ? detected.rail : null
  const fixedAmount = detected.state === 'ok' && detected.isAmountFixed ? detected.amountSat : null
  const amountSat =
    fixedAmount ??
    (values.sweepAll ? null : typedAmountSat(values.amountText, values.unit, minorPerBtc))
  const canReview =
    detected.state === 'ok' &&
    (values.sweepAll || fixedAmount !== null || (amountSat !== null && amountSat > 0)) &&
    (values.priority !== 'custom' || rail !== 'onchain' || values.customRate !== '')
  return { detected, registered, rail, fixedAmount, amountSat, canReview }
}

/** The typed amount in sats: fiat through the price, null when it is not an amount (yet). */
function typedAmountSat(text: string, unit: AmountUnit, minorPerBtc: number | null): number | null {
  if (unit === 'fiat') {
    const minor = parseMoneyToMinor(text)
    return minor !== null && minorPerBtc ? fiatMinorToSat(minor, minorPerBtc) : null
  }
  const n = Number(text.replace(',', '.'))
  return text.trim() === '' || !Number.isFinite(n) ? null : n
}

/** What the server is asked to quote (and, confirmed, to send). */
export function withdrawRequest(
  values: WithdrawFields,
  reading: WithdrawFormReading,
): WithdrawQuoteInput {
  return {
    destination: values.destination,
    amountSat: values.sweepAll ? null : reading.amountSat,
    priority: values.priority,
    feeRate: values.priority === 'custom' ? Number(values.customRate) : null,
    sweepAll: reading.rail === 'onchain' && values.sweepAll,
  }
}

/** From an exchange, only a Lightning invoice may be typed; the rest must be registered there. */
function onlyInvoice(text: string, network: BitcoinNetwork): Detected {
  if (text.trim() === '') return { state: 'empty' }
  const typed = invoiceOnly(text, network)
  return typed.ok ? detectDestination(text, network, true) : { state: 'error', code: typed.code }
}
