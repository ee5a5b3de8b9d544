import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useMemo } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Card, CardContent } from '@/components/ui/card'
import { useTRPC } from '@/lib/trpc'
import { ApplicationFrame } from './application-frame'
import {
  SALES_CHANNELS,
  operationsSchema,
  type OperationsFormInput,
  type SalesChannel,
} from './application-schemas'
import { FormFooter } from './form-footer'
import { CheckboxGroupField } from './fields/checkbox-fields'
import { TextField, TextareaField } from './fields/text-fields'
import {
  useAfterSave,
  useApplicationState,
  useSaveErrorHandler,
  type ApplicationState,
} from './use-application'

type OperationsOutput = z.output<ReturnType<typeof operationsSchema>>

function isSalesChannel(value: unknown): value is SalesChannel {
  return (SALES_CHANNELS as readonly unknown[]).includes(value)
}

function countText(value: unknown): string {
  return typeof value === 'number' ? String(value) : ''
}

function initialValues(state: ApplicationState): OperationsFormInput {
  const saved = state.application.operations
  return {
    productsDescription:
      typeof saved?.productsDescription === 'string' ? saved.productsDescription : '',
    salesChannels: Array.isArray(saved?.salesChannels)
      ? saved.salesChannels.filter(isSalesChannel)
      : [],
    locationsCount: countText(saved?.locationsCount),
    terminalsCount: countText(saved?.terminalsCount),
  }
}

/** What the business sells, where, and with how many sites and payment terminals. */
export function OperationsDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const state = useApplicationState(businessId)
  const schema = useMemo(() => operationsSchema(t), [t])
  const form = useForm<OperationsFormInput, unknown, OperationsOutput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(state),
  })
  const afterSave = useAfterSave(businessId, 'operations-details')
  const onSaveError = useSaveErrorHandler(businessId)
  const save = useMutation(
    trpc.onboarding.saveOperations.mutationOptions({
      onSuccess: afterSave,
      onError: (error) => onSaveError(error, form),
    }),
  )
  const submit = form.handleSubmit((values) => save.mutate({ businessId, data: values }))

  return (
    <ApplicationFrame
      businessId={businessId}
      page="operations-details"
      state={state}
      title={t('pages.operationsDetails')}
      description={t('application.operations.description')}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <Card>
            <CardContent className="grid gap-7 pt-6">
              <TextareaField
                name="productsDescription"
                label={t('application.operations.products')}
                description={t('application.operations.productsHint')}
                rows={4}
              />
              <CheckboxGroupField
                name="salesChannels"
                legend={t('application.operations.channels')}
                description={t('application.operations.channelsHint')}
                choices={SALES_CHANNELS.map((channel) => ({
                  value: channel,
                  label: t(`application.salesChannels.${channel}.label`),
                  description: t(`application.salesChannels.${channel}.description`),
                }))}
              />
              <section className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  name="locationsCount"
                  label={t('application.operations.locations')}
                  description={t('application.operations.locationsHint')}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <TextField
                  name="terminalsCount"
                  label={t('application.operations.terminals')}
                  description={t('application.operations.terminalsHint')}
                  inputMode="numeric"
                  autoComplete="off"
                />
              </section>
            </CardContent>
            <FormFooter
              businessId={businessId}
              page="operations-details"
              isSaving={save.isPending}
            />
          </Card>
        </form>
      </FormProvider>
    </ApplicationFrame>
  )
}
