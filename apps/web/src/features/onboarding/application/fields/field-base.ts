/**
 * What every input of the application forms shares: inputs are bound to the surrounding
 * react-hook-form by name (inside a FormProvider) and show their own error under the field.
 */
import type { ReactNode } from 'react'
import { get, useFormState, type FieldErrors } from 'react-hook-form'

export function fieldId(name: string): string {
  return `field-${name.replace(/\./g, '-')}`
}

/** The message of the error on `name` (or on a list's own rule, such as "at least two"). */
export function errorMessage(errors: FieldErrors, name: string): string | undefined {
  const error: unknown = get(errors, name)
  if (typeof error !== 'object' || error === null) return undefined
  const message: unknown = get(error, 'message') ?? get(error, 'root.message')
  return typeof message === 'string' && message !== '' ? message : undefined
}

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name })
  return errorMessage(errors, name)
}

/** What every single-value field takes. */
export interface FieldProps {
  name: string
  label: ReactNode
  description?: ReactNode
  className?: string
}
