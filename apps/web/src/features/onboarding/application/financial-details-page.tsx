import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useMemo } from 'react'
import {
  FormProvider,
  useForm,
  useFormContext,
  useWatch,
  type DefaultValues,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Card, CardContent } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { currentLanguage } from '@/lib/i18n'
import { useTRPC } from '@/lib/trpc'
import { ApplicationFrame } from './application-frame'
import { financialSchema, type FinancialFormInput } from './application-schemas'
import { FormFooter } from './form-footer'
import { ChoiceField } from './fields/choice-field'
import { fieldId, useFieldError } from './fields/field-base'
import { TextField } from './fields/text-fields'
import { formatIban } from '@app/domain'
import { CURRENCIES, currencySymbol, formatMinorForInput, type CurrencyCode } from '@app/domain'
import {
  useAfterSave,
  useApplicationState,
  useSaveErrorHandler,
  type ApplicationState,
} from './use-application'

type FinancialOutput = z.output<ReturnType<typeof financialSchema>>

function initialValues(state: ApplicationState, language: string) {
  const saved = state.application.financial
  if (!saved) {
    return {
      expectedMonthlyVolume: '',
      averageSale: '',
      bankAccountHolder: state.application.company?.legalName ?? '',
      iban: '',
    } satisfies DefaultValues<FinancialFormInput>
  }
  return {
    currency: saved.currency,
    expectedMonthlyVolume: formatMinorForInput(saved.expectedMonthlyVolumeMinor, language),
    averageSale: formatMinorForInput(saved.averageSaleMinor, language),
    bankAccountHolder: saved.bankAccountHolder,
    iban: formatIban(saved.iban),
  } satisfies FinancialFormInput
}

/** How money flows: the currency of account, expected volumes and where payouts go. */
export function FinancialDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const state = useApplicationState(businessId)
  const language = currentLanguage()
  const schema = useMemo(() => financialSchema(t), [t])
  const form = useForm<FinancialFormInput, unknown, FinancialOutput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(state, language),
  })
  const afterSave = useAfterSave(businessId, 'financial-details')
  const onSaveError = useSaveErrorHandler(businessId)
  const save = useMutation(
    trpc.onboarding.saveFinancial.mutationOptions({
      onSuccess: afterSave,
      onError: (error) => onSaveError(error, form),
    }),
  )
  const submit = form.handleSubmit((values) =>
    save.mutate({
      businessId,
      data: {
        currency: values.currency,
        expectedMonthlyVolumeMinor: values.expectedMonthlyVolume,
        averageSaleMinor: values.averageSale,
        bankAccountHolder: values.bankAccountHolder,
        iban: values.iban,
      },
    }),
  )

  return (
    <ApplicationFrame
      businessId={businessId}
      page="financial-details"
      state={state}
      title={t('pages.financialDetails')}
      description={t('application.financial.description')}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <Card>
            <CardContent className="grid gap-8 pt-6">
              <ChoiceField
                name="currency"
                legend={t('application.financial.currency')}
                description={t('application.financial.currencyHint')}
                columns={3}
                choices={CURRENCIES.map((currency) => ({
                  value: currency.code,
                  label: `${currency.symbol} ${t(`application.currencies.${currency.code}`)}`,
                  description: currency.code,
                }))}
              />
              <section className="grid items-start gap-4 sm:grid-cols-2">
                <MoneyField
                  name="expectedMonthlyVolume"
                  label={t('application.financial.monthlyVolume')}
                  description={t('application.financial.monthlyVolumeHint')}
                />
                <MoneyField
                  name="averageSale"
                  label={t('application.financial.averageSale')}
                  description={t('application.financial.averageSaleHint')}
                />
              </section>
              <fieldset className="grid items-start gap-4 sm:grid-cols-2">
                <legend className="mb-3 text-sm font-semibold">
                  {t('application.financial.bankAccount')}
                </legend>
                <TextField
                  name="bankAccountHolder"
                  label={t('application.financial.accountHolder')}
                  description={t('application.financial.accountHolderHint')}
                  autoComplete="off"
                />
                <TextField
                  name="iban"
                  label={t('application.financial.iban')}
                  description={t('application.financial.ibanHint')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="GB82 WEST 1234 5698 7654 32"
                />
              </fieldset>
            </CardContent>
            <FormFooter
              businessId={businessId}
              page="financial-details"
              isSaving={save.isPending}
            />
          </Card>
        </form>
      </FormProvider>
    </ApplicationFrame>
  )
}

/** An amount in the chosen currency, its symbol in front. */
function MoneyField({
  name,
  label,
  description,
}: {
  name: 'expectedMonthlyVolume' | 'averageSale'
  label: string
  description: string
}) {
  const { register, control } = useFormContext<FinancialFormInput>()
  const error = useFieldError(name)
  const currency: CurrencyCode | undefined = useWatch({ control, name: 'currency' })
  return (
    <FormField id={fieldId(name)} label={label} description={description} error={error}>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
        >
          {currency ? currencySymbol(currency) : '¤'}
        </span>
        <FormControl>
          <Input inputMode="decimal" autoComplete="off" className="pl-8" {...register(name)} />
        </FormControl>
      </div>
    </FormField>
  )
}
