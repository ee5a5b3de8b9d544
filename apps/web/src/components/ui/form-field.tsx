import { Slot } from 'radix-ui'
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { Label } from './label'

interface FieldIds {
  id: string
  descriptionId: string | undefined
  errorId: string | undefined
}

const FieldContext = createContext<FieldIds | null>(null)

/**
 * A labelled form field: label, the control (wrap it in <FormControl>), an optional hint and
 * the error text beside the field. The control gets the ids and aria attributes that tie them.
 */
export function FormField({
  id,
  label,
  labelAside,
  description,
  error,
  className,
  children,
}: {
  id: string
  label: ReactNode
  labelAside?: ReactNode
  description?: ReactNode
  error?: string | undefined
  className?: string
  children: ReactNode
}) {
  const ids: FieldIds = {
    id,
    descriptionId: description && !error ? `${id}-description` : undefined,
    errorId: error ? `${id}-error` : undefined,
  }
  return (
    <FieldContext value={ids}>
      <div className={cn('grid gap-2', className)}>
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
        {children}
        {ids.descriptionId && (
          <p id={ids.descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        {error && (
          <p id={ids.errorId} className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </FieldContext>
  )
}

/** Passes the field's id and aria-invalid / aria-describedby to the control inside it. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const field = useContext(FieldContext)
  if (!field) throw new Error('FormControl must be used inside FormField')
  const describedBy = [field.descriptionId, field.errorId].filter(Boolean).join(' ') || undefined
  return (
    <Slot.Root
      id={field.id}
      aria-invalid={field.errorId ? true : undefined}
      aria-describedby={describedBy}
      {...props}
    />
  )
}
