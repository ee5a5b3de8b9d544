import type { ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import type { Choice } from './choice-field'
import { fieldId, useFieldError, type FieldProps } from './field-base'

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
