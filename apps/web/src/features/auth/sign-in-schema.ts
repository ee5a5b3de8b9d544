import type { TFunction } from 'i18next'
import { z } from 'zod'
import type { Checked } from '@/lib/simple-form'
import { emailSchema, existingPasswordSchema } from '@/lib/validation'

export interface SignInValues {
  email: string
  password: string
}

/**
 * The sign-in form's checks, loaded after the page shows (zod is not part of its first load):
 * the first message of each field, or the values to send (the email trimmed).
 */
export function signInChecks(t: TFunction): (values: SignInValues) => Checked<SignInValues> {
  const schema = z.object({ email: emailSchema(t), password: existingPasswordSchema(t) })
  return (values) => {
    const parsed = schema.safeParse(values)
    if (parsed.success) return { values: parsed.data }
    const errors: Partial<Record<keyof SignInValues, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0]
      if ((field === 'email' || field === 'password') && !errors[field]) {
        errors[field] = issue.message
      }
    }
    return { errors }
  }
}
