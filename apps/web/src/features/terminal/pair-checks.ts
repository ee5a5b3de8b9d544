/** The pairing form's checks (the form shows its own message for each field). */
import { DEVICE_LOGIN_ID_PATTERN, DEVICE_SECRET_PATTERN } from '@app/domain'
import type { Checked, FieldErrors } from '@/lib/simple-form'
import type { PairingCredentials } from './pairing'

/** Both fields trimmed; one that is filled in must have the credential's form. */
export function checkPairing(values: PairingCredentials): Checked<PairingCredentials> {
  const trimmed = { loginId: values.loginId.trim(), secret: values.secret.trim() }
  const errors: FieldErrors<PairingCredentials> = {}
  if (trimmed.loginId && !DEVICE_LOGIN_ID_PATTERN.test(trimmed.loginId)) errors.loginId = 'pattern'
  if (trimmed.secret && !DEVICE_SECRET_PATTERN.test(trimmed.secret)) errors.secret = 'pattern'
  return Object.keys(errors).length ? { errors } : { values: trimmed }
}
