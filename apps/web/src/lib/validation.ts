import type { TFunction } from 'i18next'
import { z } from 'zod'

/** The same limits the server applies to passwords. */
export const PASSWORD_MIN_LENGTH = 10
const PASSWORD_MAX_LENGTH = 200
const EMAIL_MAX_LENGTH = 254

export function emailSchema(t: TFunction) {
  return z
    .string()
    .trim()
    .min(1, t('validation.emailRequired'))
    .max(EMAIL_MAX_LENGTH, t('validation.tooLong', { count: EMAIL_MAX_LENGTH }))
    .pipe(z.email(t('validation.emailInvalid')))
}

/** A password being chosen: long enough, not absurdly long. */
export function newPasswordSchema(t: TFunction) {
  return z
    .string()
    .min(PASSWORD_MIN_LENGTH, t('validation.passwordMin', { count: PASSWORD_MIN_LENGTH }))
    .max(PASSWORD_MAX_LENGTH, t('validation.tooLong', { count: PASSWORD_MAX_LENGTH }))
}

/** A password being entered to prove who one is: only required. */
export function existingPasswordSchema(t: TFunction) {
  return z
    .string()
    .min(1, t('validation.passwordRequired'))
    .max(PASSWORD_MAX_LENGTH, t('validation.tooLong', { count: PASSWORD_MAX_LENGTH }))
}

/** The longest business name the server accepts. */
export const BUSINESS_NAME_MAX_LENGTH = 120
