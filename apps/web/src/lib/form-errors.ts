import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { AppError, AppErrorCode } from './app-error'
import { appErrorMessage, notifyError } from './notify'

/** What a failed submit marks: a form that can show a message on a field and focus it. */
interface FormErrorTarget<TValues extends FieldValues> {
  getValues: () => TValues
  setError: (name: Path<TValues>, error: { type: string; message: string }) => void
  setFocus: (name: Path<TValues>) => void
}

/**
 * After a failed submit: a toast saying what went wrong, the server's per-field messages on
 * the fields, and codes that concern one field (a wrong current password) marked on it.
 */
export function handleFormError<TValues extends FieldValues>(
  error: unknown,
  form: UseFormReturn<TValues>,
  options: { title: string; fieldByCode?: Partial<Record<AppErrorCode, Path<TValues>>> },
): AppError {
  return markFormError(
    error,
    {
      getValues: () => form.getValues(),
      setError: (name, fieldError) => form.setError(name, fieldError),
      setFocus: (name) => form.setFocus(name),
    },
    options,
  )
}

/** `handleFormError` for any form that can show a message on a field (a `useSimpleForm` one). */
export function markFormError<TValues extends FieldValues>(
  error: unknown,
  form: FormErrorTarget<TValues>,
  options: { title: string; fieldByCode?: Partial<Record<AppErrorCode, Path<TValues>>> },
): AppError {
  const appError = notifyError(error, options.title)
  const values = form.getValues()
  let firstField: Path<TValues> | undefined
  for (const [field, messages] of Object.entries(appError.fieldErrors)) {
    if (!Object.hasOwn(values, field)) continue
    const path = field as Path<TValues>
    form.setError(path, { type: 'server', message: messages.join(' ') })
    firstField ??= path
  }
  const codeField = options.fieldByCode?.[appError.code]
  if (codeField) {
    form.setError(codeField, { type: 'server', message: appErrorMessage(appError) })
    firstField ??= codeField
  }
  if (firstField) form.setFocus(firstField)
  return appError
}
