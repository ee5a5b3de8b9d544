/**
 * Why a payment could not be started, in the user's language. Besides the codes every page
 * knows, taking a payment can meet the wallet's and the price's own codes, and a range error
 * that names the smallest and largest amount allowed.
 */
import { isTRPCClientError } from '@trpc/client'
import { z } from 'zod'
import { parseAppError, type AppErrorCode } from '@/lib/app-error'
import { i18n } from '@/lib/i18n'
import { appErrorMessage } from '@/lib/notify'
import { formatSatNumber } from './payment-format'

export const PAYMENT_ERROR_CODES = [
  'NO_WALLET',
  'WALLET_UNSUPPORTED',
  'WALLET_UNAVAILABLE',
  'PRICE_UNAVAILABLE',
] as const
type PaymentOnlyCode = (typeof PAYMENT_ERROR_CODES)[number]
export type PaymentErrorCode = AppErrorCode | PaymentOnlyCode

export interface PaymentError {
  code: PaymentErrorCode
  message: string
  /** For VALIDATION: the range the server accepts, in sats. */
  range?: { minSat: number; maxSat: number }
}

const ZErrorData = z.object({
  appCode: z.string().optional(),
  details: z
    .object({ minSat: z.number().int().optional(), maxSat: z.number().int().optional() })
    .loose()
    .nullish(),
})

function isPaymentOnlyCode(value: string | undefined): value is PaymentOnlyCode {
  return (PAYMENT_ERROR_CODES as readonly (string | undefined)[]).includes(value)
}

/** Errors that stay true until someone changes the business's set-up. */
export function isLastingProblem(code: PaymentErrorCode): boolean {
  return code === 'NO_WALLET' || code === 'WALLET_UNSUPPORTED' || code === 'STEP_NOT_ALLOWED'
}

/** The wallet problem a page already knows of, said as the server would say it. */
export function lastingProblem(code: 'NO_WALLET' | 'WALLET_UNSUPPORTED'): PaymentError {
  return { code, message: i18n.t(`errors.${code}`) }
}

export function parsePaymentError(error: unknown): PaymentError {
  const data =
    isTRPCClientError(error) && error.data != null ? ZErrorData.safeParse(error.data) : null
  const appCode = data?.success ? data.data.appCode : undefined
  if (isPaymentOnlyCode(appCode)) {
    return { code: appCode, message: i18n.t(`errors.${appCode}`) }
  }
  const appError = parseAppError(error)
  if (appError.code === 'STEP_NOT_ALLOWED') {
    return { code: appError.code, message: i18n.t('payments.errors.setupUnfinished') }
  }
  const details = data?.success ? data.data.details : undefined
  if (
    appError.code === 'VALIDATION' &&
    details?.minSat !== undefined &&
    details.maxSat !== undefined
  ) {
    const range = { minSat: details.minSat, maxSat: details.maxSat }
    return {
      code: appError.code,
      message: i18n.t('payments.errors.outOfRange', {
        min: formatSatNumber(range.minSat),
        max: formatSatNumber(range.maxSat),
      }),
      range,
    }
  }
  return { code: appError.code, message: appErrorMessage(appError) }
}
