import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'

/** A message for each field that is not right (at most one per field). */
export type FieldErrors<TValues> = Partial<Record<keyof TValues & string, string>>

/** What a form's checks give back: the values to submit (possibly cleaned), or what is wrong. */
export type Checked<TValues> = { values: TValues } | { errors: FieldErrors<TValues> }

interface SimpleForm<TValues extends { [K in keyof TValues]: string }> {
  errors: FieldErrors<TValues>
  /** Props for a text input: value, change handler, name and a ref (focus on an error). */
  field: <TName extends keyof TValues & string>(
    name: TName,
  ) => {
    name: TName
    value: string
    onChange: (event: ChangeEvent<HTMLInputElement>) => void
    ref: (element: HTMLInputElement | null) => void
  }
  handleSubmit: (onValid: (values: TValues) => void) => (event: FormEvent) => void
  getValues: () => TValues
  /** Puts new values in every field and clears the messages. */
  reset: (values: TValues) => void
  resetField: (name: keyof TValues & string) => void
  setError: (name: keyof TValues & string, error: { type?: string; message?: string }) => void
  setFocus: (name: keyof TValues & string) => void
}

/**
 * A small form of text fields for pages that must load fast (sign-in, the terminal's pairing),
 * behaving as the other forms do: checked on submit, the first wrong field focused, and after a
 * first submit each field checked again as it is typed in. The checks may load lazily.
 */
export function useSimpleForm<TValues extends { [K in keyof TValues]: string }>({
  defaultValues,
  check,
}: {
  defaultValues: TValues
  check: (values: TValues) => Checked<TValues> | Promise<Checked<TValues>>
}): SimpleForm<TValues> {
  const [values, setValues] = useState<TValues>(defaultValues)
  const [errors, setErrors] = useState<FieldErrors<TValues>>({})
  const valuesRef = useRef(values)
  const submitted = useRef(false)
  const elements = useRef(new Map<string, HTMLInputElement>())
  // checks answer in order: an older answer never overwrites a newer one
  const checkRun = useRef(0)

  const update = (next: TValues) => {
    valuesRef.current = next
    setValues(next)
  }
  const runCheck = async (next: TValues) => {
    const run = ++checkRun.current
    const result = await check(next)
    return { result, isLatest: run === checkRun.current }
  }
  const setFocus = (name: string) => elements.current.get(name)?.focus()

  return {
    errors,
    field: (name) => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => {
        const next = { ...valuesRef.current, [name]: event.target.value }
        update(next)
        if (!submitted.current) return
        // after a first submit, the field being typed in is checked again
        void runCheck(next)
          .then(({ result, isLatest }) => {
            if (!isLatest) return
            const message = 'errors' in result ? result.errors[name] : undefined
            setErrors((current) => ({ ...current, [name]: message }))
          })
          .catch(() => undefined)
      },
      ref: (element) => {
        if (element) elements.current.set(name, element)
        else elements.current.delete(name)
      },
    }),
    handleSubmit: (onValid) => (event) => {
      event.preventDefault()
      submitted.current = true
      void runCheck(valuesRef.current)
        .then(({ result, isLatest }) => {
          if (!isLatest) return
          if ('values' in result) {
            setErrors({})
            onValid(result.values)
            return
          }
          setErrors(result.errors)
          const names = Object.keys(valuesRef.current) as (keyof TValues & string)[]
          const first = names.find((name) => result.errors[name])
          if (first) setFocus(first)
        })
        // the checks could not load (offline): the next submit tries again
        .catch(() => undefined)
    },
    getValues: () => valuesRef.current,
    reset: (next) => {
      update(next)
      setErrors({})
      submitted.current = false
    },
    resetField: (name) => {
      update({ ...valuesRef.current, [name]: defaultValues[name] })
      setErrors((current) => ({ ...current, [name]: undefined }))
    },
    setError: (name, error) => setErrors((current) => ({ ...current, [name]: error.message })),
    setFocus,
  }
}
