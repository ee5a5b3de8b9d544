/**
 * Why a payment could not be started or taken, in the user's language: the translated message
 * for the error's code, except that an unfinished set-up and an amount out of range (with the
 * smallest and largest amount allowed) get their own words on the payment pages.
 */
import { parseAppError, serverErrorInfo, type AppErrorCode } from '@/lib/app-error'
import { i18n } from '@/lib/i18n'
import { formatSatNumber } from '@/lib/money-format'
import { appErrorMessage } from '@/lib/notify'

export interface PaymentError {
  code: AppErrorCode
  message: string
  /** For VALIDATION: the range the server accepts, in sats. */
  range?: { minSat: number; maxSat: number }
}

/**
 * Errors that stay true until someone changes the business's set-up (its own node's channel
 * deposit included: no Lightning until the channel is open).
 */
const LASTING: ReadonlySet<AppErrorCode> = new Set([
  'NO_WALLET',
  'WALLET_UNSUPPORTED',
  'STEP_NOT_ALLOWED',
  'NODE_CHANNEL_NOT_OPEN',
])

export function isLastingProblem(code: AppErrorCode): boolean {
  return LASTING.has(code)
}

/** The wallet problem a page already knows of, said as the server would say it. */
export function lastingProblem(
  code: 'NO_WALLET' | 'WALLET_UNSUPPORTED' | 'NODE_CHANNEL_NOT_OPEN',
): PaymentError {
  return { code, message: i18n.t(`errors.${code}`) }
}

export function parsePaymentError(error: unknown): PaymentError {
  const appError = parseAppError(error)
  if (appError.code === 'STEP_NOT_ALLOWED') {
    return { code: appError.code, message: i18n.t('payments.errors.setupUnfinished') }
  }
  if (appError.code === 'VALIDATION') {
    const info = serverErrorInfo(error)
    const minSat = wholeNumber(info.details.minSat)
    const maxSat = wholeNumber(info.details.maxSat)
    if (minSat !== undefined && maxSat !== undefined) {
      return {
        code: appError.code,
        message: i18n.t('payments.errors.outOfRange', {
          min: formatSatNumber(minSat),
          max: formatSatNumber(maxSat),
        }),
        range: { minSat, maxSat },
      }
    }
  }
  return { code: appError.code, message: appErrorMessage(appError) }
}

function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined
}
