import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useMemo } from 'react'
import { FormProvider, useForm, useWatch, type DefaultValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Card, CardContent } from '@/components/ui/card'
import { useTRPC } from '@/lib/trpc'
import { ApplicationFrame } from './application-frame'
import { pciSchema, type PciFormInput } from './application-schemas'
import { FormFooter } from './form-footer'
import { CheckboxField } from './fields/checkbox-fields'
import { ChoiceField } from './fields/choice-field'
import { TextareaField } from './fields/text-fields'
import {
  useAfterSave,
  useApplicationState,
  useSaveErrorHandler,
  type ApplicationState,
} from './use-application'

type PciOutput = z.output<ReturnType<typeof pciSchema>>

function answer(value: unknown): 'yes' | 'no' | undefined {
  return value === true ? 'yes' : value === false ? 'no' : undefined
}

function initialValues(state: ApplicationState): DefaultValues<PciFormInput> {
  const saved = state.application.pci
  return {
    storesCardData: answer(saved?.storesCardData),
    usesThirdPartyProcessor: answer(saved?.usesThirdPartyProcessor),
    hadDataBreach: answer(saved?.hadDataBreach),
    breachDetails: typeof saved?.breachDetails === 'string' ? saved.breachDetails : '',
    acceptsSecurityPolicy: saved?.acceptsSecurityPolicy === true,
  }
}

/** Card-industry (PCI DSS) questions: how card data is handled and whether it ever leaked. */
export function PciPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const state = useApplicationState(businessId)
  const schema = useMemo(() => pciSchema(t), [t])
  const form = useForm<PciFormInput, unknown, PciOutput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(state),
  })
  const afterSave = useAfterSave(businessId, 'pci')
  const onSaveError = useSaveErrorHandler(businessId)
  const save = useMutation(
    trpc.onboarding.savePci.mutationOptions({
      onSuccess: afterSave,
      onError: (error) => onSaveError(error, form),
    }),
  )
  const hadDataBreach = useWatch({ control: form.control, name: 'hadDataBreach' })
  const yesNo = [
    { value: 'yes', label: t('application.pci.yes') },
    { value: 'no', label: t('application.pci.no') },
  ]
  const submit = form.handleSubmit((values) =>
    save.mutate({
      businessId,
      data: {
        storesCardData: values.storesCardData,
        usesThirdPartyProcessor: values.usesThirdPartyProcessor,
        hadDataBreach: values.hadDataBreach,
        breachDetails: values.hadDataBreach ? values.breachDetails : '',
        acceptsSecurityPolicy: true,
      },
    }),
  )

  return (
    <ApplicationFrame
      businessId={businessId}
      page="pci"
      state={state}
      title={t('pages.pci')}
      description={t('application.pci.description')}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <Card>
            <CardContent className="grid gap-7 pt-6">
              <Alert variant="info">
                <ShieldCheck aria-hidden />
                <AlertDescription className="text-foreground">
                  {t('application.pci.intro')}
                </AlertDescription>
              </Alert>
              <ChoiceField
                name="storesCardData"
                legend={t('application.pci.storesCardData')}
                description={t('application.pci.storesCardDataHint')}
                choices={yesNo}
                columns={2}
              />
              <ChoiceField
                name="usesThirdPartyProcessor"
                legend={t('application.pci.usesThirdPartyProcessor')}
                description={t('application.pci.usesThirdPartyProcessorHint')}
                choices={yesNo}
                columns={2}
              />
              <ChoiceField
                name="hadDataBreach"
                legend={t('application.pci.hadDataBreach')}
                description={t('application.pci.hadDataBreachHint')}
                choices={yesNo}
                columns={2}
              />
              {hadDataBreach === 'yes' && (
                <TextareaField
                  name="breachDetails"
                  label={t('application.pci.breachDetails')}
                  description={t('application.pci.breachDetailsHint')}
                  rows={4}
                />
              )}
              <CheckboxField
                name="acceptsSecurityPolicy"
                label={t('application.pci.acceptsSecurityPolicy')}
                description={t('application.pci.acceptsSecurityPolicyHint')}
                className="border-t border-border pt-6"
              />
            </CardContent>
            <FormFooter businessId={businessId} page="pci" isSaving={save.isPending} />
          </Card>
        </form>
      </FormProvider>
    </ApplicationFrame>
  )
}
