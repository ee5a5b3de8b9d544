import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { StepUpFields, type useStepUp } from '@/components/step-up-fields'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'

/**
 * A card with a form that replaces a wallet connection; the fields come from the page, then the
 * password and code asked before every later payment is redirected.
 */
export function ReplaceConnectionCard({
  title,
  description,
  submitLabel,
  isPending,
  onSubmit,
  stepUp,
  children,
}: {
  title: string
  description: string
  submitLabel: string
  isPending: boolean
  onSubmit: () => void
  stepUp: ReturnType<typeof useStepUp>
  children: ReactNode
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-4">
          {children}
          <StepUpFields
            id="replace-wallet"
            value={stepUp.value}
            onChange={stepUp.setValue}
            errors={stepUp.errors}
          />
        </CardContent>
        <CardFooter className="justify-end bg-muted/40">
          <Button type="submit" isLoading={isPending} className="max-sm:w-full">
            {submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

/**
 * Shows why a replacement was refused: a wrong password or code under its own field, anything
 * else under the connection's field.
 */
export function showRefusal(
  error: unknown,
  stepUp: ReturnType<typeof useStepUp>,
  field: ReturnType<typeof useFieldError>,
): void {
  const problem = parseAppError(error)
  const message = appErrorMessage(problem)
  const isStepUp = stepUp.claim(problem.code, message)
  field.setError(isStepUp ? undefined : message)
}

/** A field's error state, cleared when the user types again. */
export function useFieldError() {
  const { t } = useTranslation()
  const [error, setError] = useState<string | undefined>()
  return { error, setError, required: () => setError(t('nodeAdmin.wallet.required')) }
}
