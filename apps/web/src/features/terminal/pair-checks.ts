/** The pairing form's checks: for each field, what is wrong with it (the form says it). */
import { deviceLoginIdProblem, deviceSecretProblem } from '@app/domain'
import type { Checked, FieldErrors } from '@/lib/simple-form'
import type { PairingCredentials } from './pairing'

/** Both fields trimmed, both required, each in the credential's form. */
export function checkPairing(values: PairingCredentials): Checked<PairingCredentials> {
  const trimmed = { loginId: values.loginId.trim(), secret: values.secret.trim() }
  const errors: FieldErrors<PairingCredentials> = {}
  const loginId = deviceLoginIdProblem(trimmed.loginId)
  const secret = deviceSecretProblem(trimmed.secret)
  if (loginId) errors.loginId = loginId
  if (secret) errors.secret = secret
  return Object.keys(errors).length ? { errors } : { values: trimmed }
}
