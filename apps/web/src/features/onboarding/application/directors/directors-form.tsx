import { useMutation } from '@tanstack/react-query'
import type { FormEventHandler, ReactNode } from 'react'
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Card, CardContent } from '@/components/ui/card'
import { useTRPC } from '@/lib/trpc'
import { FormFooter } from '../form-footer'
import { useAfterSave, useSaveErrorHandler, type ApplicationState } from '../use-application'

/** What each legal form's people form is given. */
export interface FormProps {
  businessId: string
  state: ApplicationState
}

/** Saves the people; once saved, on to the next page of the application. */
export function useSaveDirectors<T extends FieldValues, TOut>(
  businessId: string,
  form: UseFormReturn<T, unknown, TOut>,
) {
  const trpc = useTRPC()
  const afterSave = useAfterSave(businessId, 'director-details')
  const onSaveError = useSaveErrorHandler(businessId)
  return useMutation(
    trpc.onboarding.saveDirectors.mutationOptions({
      onSuccess: afterSave,
      onError: (error) => onSaveError(error, form),
    }),
  )
}

/** The form around a legal form's people, with the application's footer. */
export function DirectorsForm<T extends FieldValues, TOut>({
  businessId,
  form,
  onSubmit,
  isSaving,
  children,
}: {
  businessId: string
  form: UseFormReturn<T, unknown, TOut>
  onSubmit: FormEventHandler<HTMLFormElement>
  isSaving: boolean
  children: ReactNode
}) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit}>
        <Card>
          <CardContent className="grid gap-6 pt-6">{children}</CardContent>
          <FormFooter businessId={businessId} page="director-details" isSaving={isSaving} />
        </Card>
      </form>
    </FormProvider>
  )
}
