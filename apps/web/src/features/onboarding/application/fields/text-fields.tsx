import type { ComponentProps } from 'react'
import { useFormContext } from 'react-hook-form'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { fieldId, useFieldError, type FieldProps } from './field-base'

export function TextField({
  name,
  label,
  description,
  className,
  ...inputProps
}: FieldProps & Omit<ComponentProps<'input'>, 'name' | 'id'>) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      description={description}
      error={error}
      className={className}
    >
      <FormControl>
        <Input {...inputProps} {...register(name)} />
      </FormControl>
    </FormField>
  )
}

export function TextareaField({
  name,
  label,
  description,
  className,
  ...textareaProps
}: FieldProps & Omit<ComponentProps<'textarea'>, 'name' | 'id'>) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      description={description}
      error={error}
      className={className}
    >
      <FormControl>
        <Textarea {...textareaProps} {...register(name)} />
      </FormControl>
    </FormField>
  )
}
