import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
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
import { NativeSelect } from '@/components/ui/native-select'
import { currentLanguage } from '@/lib/i18n'
import { useTRPC } from '@/lib/trpc'
import { ApplicationFrame } from './application-frame'
import {
  COMPANY_TYPES,
  EMPTY_ADDRESS,
  companySchema,
  type CompanyFormInput,
} from './application-schemas'
import { countryForCallingCode, countryOptions, findCountry } from '@app/domain'
import { FormFooter } from './form-footer'
import { AddressFields, CountryField } from './fields/address-fields'
import { ChoiceField } from './fields/choice-field'
import { fieldId, useFieldError } from './fields/field-base'
import { TextField } from './fields/text-fields'
import {
  useAfterSave,
  useApplicationState,
  useSaveErrorHandler,
  type ApplicationState,
} from './use-application'

type CompanyOutput = z.output<ReturnType<typeof companySchema>>

function initialValues(state: ApplicationState, language: string): DefaultValues<CompanyFormInput> {
  const saved = state.application.company
  if (!saved) {
    return {
      legalName: '',
      tradingName: '',
      registrationNumber: '',
      country: '',
      address: EMPTY_ADDRESS,
      phone: { country: '', number: '' },
      website: '',
    }
  }
  return {
    legalName: saved.legalName,
    tradingName: saved.tradingName,
    companyType: saved.companyType,
    registrationNumber: saved.registrationNumber,
    country: saved.country,
    address: { ...EMPTY_ADDRESS, ...saved.address },
    phone: {
      country: countryForCallingCode(language, saved.phone.callingCode, saved.country),
      number: saved.phone.number,
    },
    website: saved.website,
  }
}

/** The business's legal identity: names, legal form, registration, address and contact. */
export function CompanyDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const state = useApplicationState(businessId)
  const language = currentLanguage()
  const schema = useMemo(() => companySchema(t), [t])
  const form = useForm<CompanyFormInput, unknown, CompanyOutput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(state, language),
  })
  const afterSave = useAfterSave(businessId, 'company-details')
  const onSaveError = useSaveErrorHandler(businessId)
  const save = useMutation(
    trpc.onboarding.saveCompany.mutationOptions({
      onSuccess: afterSave,
      onError: (error) => onSaveError(error, form),
    }),
  )

  const companyType = useWatch({ control: form.control, name: 'companyType' })
  const companyCountry = useWatch({ control: form.control, name: 'country' })

  // The company's country is the likely one for its address and phone, until changed there.
  useEffect(() => {
    if (!companyCountry) return
    for (const name of ['address.country', 'phone.country'] as const) {
      if (form.getValues(name)) continue
      // Clears an error shown there before, as typing into the field would.
      form.setValue(name, companyCountry, { shouldValidate: !!form.getFieldState(name).error })
    }
  }, [companyCountry, form])

  const submit = form.handleSubmit((values) => {
    save.mutate({
      businessId,
      data: {
        legalName: values.legalName,
        tradingName: values.tradingName,
        companyType: values.companyType,
        registrationNumber: values.registrationNumber,
        country: values.country,
        address: values.address,
        phone: {
          callingCode: findCountry(language, values.phone.country)?.callingCode ?? '',
          number: values.phone.number,
        },
        website: values.website,
      },
    })
  })

  return (
    <ApplicationFrame
      businessId={businessId}
      page="company-details"
      state={state}
      title={t('pages.companyDetails')}
      description={t('application.company.description')}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <Card>
            <CardContent className="grid gap-8 pt-6">
              <section className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  name="legalName"
                  label={t('application.company.legalName')}
                  description={t('application.company.legalNameHint')}
                  autoComplete="organization"
                />
                <TextField
                  name="tradingName"
                  label={t('application.company.tradingName')}
                  description={t('application.company.tradingNameHint')}
                />
              </section>

              <ChoiceField
                name="companyType"
                legend={t('application.company.companyType')}
                columns={3}
                choices={COMPANY_TYPES.map((type) => ({
                  value: type,
                  label: t(`application.companyTypes.${type}.label`),
                  description: t(`application.companyTypes.${type}.description`),
                }))}
              />

              <section className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  name="registrationNumber"
                  label={
                    companyType === 'sole_trader'
                      ? t('application.company.registrationNumberOptional')
                      : t('application.company.registrationNumber')
                  }
                  description={t('application.company.registrationNumberHint')}
                />
                <CountryField
                  name="country"
                  label={t('application.company.country')}
                  description={t('application.company.countryHint')}
                />
              </section>

              <AddressFields prefix="address" legend={t('application.company.address')} />

              <section className="grid items-start gap-4 sm:grid-cols-2">
                <PhoneField />
                <TextField
                  name="website"
                  label={t('application.company.website')}
                  description={t('application.company.websiteHint')}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                />
              </section>
            </CardContent>
            <FormFooter businessId={businessId} page="company-details" isSaving={save.isPending} />
          </Card>
        </form>
      </FormProvider>
    </ApplicationFrame>
  )
}

/** Calling code (chosen by country, so a flag and a name go with it) and the number. */
function PhoneField() {
  const { t } = useTranslation()
  const language = currentLanguage()
  const form = useFormContext<CompanyFormInput>()
  const options = useMemo(
    () => countryOptions(language).filter((country) => country.callingCode !== ''),
    [language],
  )
  const countryError = useFieldError('phone.country')
  const numberError = useFieldError('phone.number')
  const error = [countryError, numberError].filter(Boolean).join(' ') || undefined
  return (
    <FormField
      id={fieldId('phone.number')}
      label={t('application.company.phone')}
      error={error}
      className="sm:col-span-2"
    >
      <div className="grid grid-cols-[minmax(0,9rem)_1fr] sm:grid-cols-[minmax(0,14rem)_1fr] gap-2">
        <NativeSelect
          aria-label={t('application.company.callingCode')}
          aria-invalid={countryError ? true : undefined}
          autoComplete="tel-country-code"
          {...form.register('phone.country')}
        >
          <option value="">{t('application.company.callingCodePlaceholder')}</option>
          {options.map((country) => (
            <option key={country.code} value={country.code}>
              {`${country.flag} ${country.callingCode} ${country.name}`}
            </option>
          ))}
        </NativeSelect>
        <FormControl>
          <Input type="tel" autoComplete="tel-national" {...form.register('phone.number')} />
        </FormControl>
      </div>
    </FormField>
  )
}
