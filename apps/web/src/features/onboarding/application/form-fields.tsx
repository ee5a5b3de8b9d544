/**
 * Inputs of the application forms, bound to the surrounding react-hook-form by name (inside a
 * FormProvider) and showing their own error under the field.
 */
import type { ComponentProps, ReactNode } from 'react'
import { useMemo } from 'react'
import { Controller, get, useFormContext, useFormState, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@/components/ui/checkbox'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { currentLanguage } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { countryOptions } from '@app/domain'

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

interface FieldProps {
  name: string
  label: ReactNode
  description?: ReactNode
  className?: string
}

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

/** The assigned countries with flag and name, in the user's language. */
export function CountryField({
  name,
  label,
  description,
  className,
  autoComplete,
}: FieldProps & { autoComplete?: string }) {
  const { t } = useTranslation()
  const { register } = useFormContext()
  const error = useFieldError(name)
  const language = currentLanguage()
  const options = useMemo(() => countryOptions(language), [language])
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      description={description}
      error={error}
      className={className}
    >
      <FormControl>
        <NativeSelect autoComplete={autoComplete} {...register(name)}>
          <option value="">{t('application.fields.chooseCountry')}</option>
          {options.map((country) => (
            <option key={country.code} value={country.code}>
              {`${country.flag} ${country.name}`}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </FormField>
  )
}

/** Street, city, postcode and country under one heading. */
export function AddressFields({ prefix, legend }: { prefix: string; legend: ReactNode }) {
  const { t } = useTranslation()
  return (
    <fieldset className="grid items-start gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-foreground">{legend}</legend>
      <TextField
        name={`${prefix}.line1`}
        label={t('application.address.line1')}
        autoComplete="address-line1"
        className="sm:col-span-2"
      />
      <TextField
        name={`${prefix}.line2`}
        label={t('application.address.line2')}
        autoComplete="address-line2"
        className="sm:col-span-2"
      />
      <TextField
        name={`${prefix}.city`}
        label={t('application.address.city')}
        autoComplete="address-level2"
      />
      <TextField
        name={`${prefix}.postcode`}
        label={t('application.address.postcode')}
        autoComplete="postal-code"
      />
      <CountryField
        name={`${prefix}.country`}
        label={t('application.address.country')}
        autoComplete="country"
        className="sm:col-span-2"
      />
    </fieldset>
  )
}

export interface Choice {
  value: string
  label: ReactNode
  description?: ReactNode
}

/**
 * One answer out of a few, each a card that is clickable as a whole. `columns` lays short
 * answers (yes / no) side by side.
 */
export function ChoiceField({
  name,
  legend,
  description,
  choices,
  className,
  columns = 1,
}: {
  name: string
  legend: ReactNode
  description?: ReactNode
  choices: readonly Choice[]
  className?: string
  columns?: 1 | 2 | 3
}) {
  const { control } = useFormContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  return (
    <fieldset
      className={cn('grid gap-2', className)}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      {description && <p className="-mt-1 mb-1 text-xs text-muted-foreground">{description}</p>}
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onValueChange={field.onChange}
            aria-invalid={error ? true : undefined}
            className={cn(columns === 2 && 'grid-cols-2', columns === 3 && 'sm:grid-cols-3')}
          >
            {choices.map((choice) => {
              const itemId = `${id}-${choice.value}`
              return (
                <label
                  key={choice.value}
                  htmlFor={itemId}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-card px-3.5 py-3 transition-colors hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/60"
                >
                  <RadioGroupItem
                    id={itemId}
                    value={choice.value}
                    className="mt-0.5"
                    aria-invalid={error ? true : undefined}
                  />
                  <span className="grid gap-0.5">
                    <span className="text-sm leading-tight font-medium">{choice.label}</span>
                    {choice.description && (
                      <span className="text-xs text-muted-foreground">{choice.description}</span>
                    )}
                  </span>
                </label>
              )
            })}
          </RadioGroup>
        )}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** A box to tick, with its label beside it. */
export function CheckboxField({ name, label, description, className }: FieldProps) {
  const { control } = useFormContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                error ? `${id}-error` : description ? `${id}-description` : undefined
              }
              className="mt-0.5"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor={id} className="leading-snug">
            {label}
          </Label>
          {description && (
            <p id={`${id}-description`} className="text-xs text-muted-foreground">
              {description}
            </p>
          )}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="pl-7.5 text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** Several answers out of a list (an array of the chosen values). */
export function CheckboxGroupField({
  name,
  legend,
  description,
  choices,
  className,
}: {
  name: string
  legend: ReactNode
  description?: ReactNode
  choices: readonly Choice[]
  className?: string
}) {
  const { control } = useFormContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  return (
    <fieldset
      className={cn('grid gap-2', className)}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      {description && <p className="-mt-1 mb-1 text-xs text-muted-foreground">{description}</p>}
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const selected: unknown[] = Array.isArray(field.value) ? field.value : []
          return (
            <div className="grid gap-2 sm:grid-cols-2">
              {choices.map((choice, index) => {
                const itemId = `${id}-${choice.value}`
                return (
                  <label
                    key={choice.value}
                    htmlFor={itemId}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-card px-3.5 py-3 transition-colors hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/60"
                  >
                    <Checkbox
                      id={itemId}
                      ref={index === 0 ? field.ref : undefined}
                      checked={selected.includes(choice.value)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true
                            ? [...selected, choice.value]
                            : selected.filter((value) => value !== choice.value),
                        )
                      }
                      onBlur={field.onBlur}
                      aria-invalid={error ? true : undefined}
                      className="mt-0.5"
                    />
                    <span className="grid gap-0.5">
                      <span className="text-sm leading-tight font-medium">{choice.label}</span>
                      {choice.description && (
                        <span className="text-xs text-muted-foreground">{choice.description}</span>
                      )}
                    </span>
                  </label>
                )
              })}
            </div>
          )
        }}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
