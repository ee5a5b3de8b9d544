import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { signInChecks } from './sign-in-schema'

// the message is the key and its options, so a test sees which one was chosen
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction
const check = signInChecks(t)

describe('the sign-in form’s checks', () => {
  it('sends the email trimmed and the password as typed', () => {
    expect(check({ email: ' ana@example.com ', password: ' secret ' })).toEqual({
      values: { email: 'ana@example.com', password: ' secret ' },
    })
  })

  it('asks for both fields', () => {
    expect(check({ email: '', password: '' })).toEqual({
      errors: { email: 'validation.emailRequired', password: 'validation.passwordRequired' },
    })
  })

  it('shows one message per field: the first that applies', () => {
    expect(check({ email: 'not an email', password: 'x'.repeat(201) })).toEqual({
      errors: { email: 'validation.emailInvalid', password: 'validation.tooLong {"count":200}' },
    })
  })
})
