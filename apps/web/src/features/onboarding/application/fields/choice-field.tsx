import type { ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { cn } from '@/lib/utils'
import { fieldId, useFieldError } from './field-base'

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
