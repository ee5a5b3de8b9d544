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
import { parseSatText } from '@/components/payments/sat-text'
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

/**
 * Why a typed amount cannot be sent, said under the field: not an amount, a fraction of a sat,
 * nothing (0), or less than 1 sat at the price.
 */
export type AmountProblem = 'invalid' | 'fraction' | 'zero' | 'tooSmall'

interface WithdrawFormReading {
  detected: Detected
  /** the exchange's registered destination chosen, if one is */
  registered: RegisteredDestination | undefined
  rail: 'lightning' | 'onchain' | null
  /** the amount the invoice fixes, if it does */
  fixedAmount: number | null
  /** what is sent: null while nothing is typed, or when the whole balance is swept */
  amountSat: number | null
  /** what is wrong with the typed amount; null when nothing is (or nothing is typed yet) */
  amountProblem: AmountProblem | null
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
  const typed =
    fixedAmount !== null || values.sweepAll
      ? { sat: null, problem: null }
      : typedAmount(values.amountText, values.unit, minorPerBtc)
  const amountSat = fixedAmount ?? typed.sat
  const canReview =
    detected.state === 'ok' &&
    (values.sweepAll || fixedAmount !== null || (amountSat !== null && amountSat > 0)) &&
    (values.priority !== 'custom' || rail !== 'onchain' || values.customRate !== '')
  return {
    detected,
    registered,
    rail,
    fixedAmount,
    amountSat,
    amountProblem: typed.problem,
    canReview,
  }
}

/**
 * The typed amount in whole sats (fiat through the price), or why it is none: nothing typed
 * yet and an unknown price are no problem, the rest is.
 */
function typedAmount(
  text: string,
  unit: AmountUnit,
  minorPerBtc: number | null,
): { sat: number | null; problem: AmountProblem | null } {
  if (text.trim() === '') return { sat: null, problem: null }
  if (unit === 'fiat') {
    const minor = parseMoneyToMinor(text)
    if (minor === null) return { sat: null, problem: 'invalid' }
    if (minor === 0) return { sat: null, problem: 'zero' }
    if (!minorPerBtc) return { sat: null, problem: null }
    const sat = fiatMinorToSat(minor, minorPerBtc)
    return sat > 0 ? { sat, problem: null } : { sat: null, problem: 'tooSmall' }
  }
  const sat = parseSatText(text)
  if (sat === 'fraction') return { sat: null, problem: 'fraction' }
  if (sat === null) return { sat: null, problem: 'invalid' }
  return sat > 0 ? { sat, problem: null } : { sat: null, problem: 'zero' }
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
