import { CircleAlert, Plus } from 'lucide-react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorMessage } from '../fields/field-base'

/** An error on a whole list ("at least two partners", "shares above 100 %"). */
export function useListError<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  name: string,
) {
  return errorMessage(form.formState.errors, name)
}

export function SectionHeading({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-1">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  )
}

export function ListFooter({
  error,
  canAdd,
  addLabel,
  onAdd,
}: {
  error: string | undefined
  canAdd: boolean
  addLabel: string
  onAdd: () => void
}) {
  return (
    <div className="grid gap-3">
      {error && (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden />
          <AlertDescription className="text-foreground">{error}</AlertDescription>
        </Alert>
      )}
      {canAdd && (
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-9 justify-self-start py-2 text-left whitespace-normal"
          onClick={onAdd}
        >
          <Plus aria-hidden />
          {addLabel}
        </Button>
      )}
    </div>
  )
}
