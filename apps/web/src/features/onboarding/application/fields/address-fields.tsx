import { useMemo, type ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormControl, FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { currentLanguage } from '@/lib/i18n'
import { countryOptions } from '@app/domain'
import { fieldId, useFieldError, type FieldProps } from './field-base'
import { TextField } from './text-fields'

/** The assigned countries with flag and name, in the user's language. */
export function CountryField({
  name,
  label,
  description,
  className,
  autoComplete,
}: FieldProps & { autoComplete?: string }) {
  const { t } = useTranslation()
  const { register } = useFormContext()
  const error = useFieldError(name)
  const language = currentLanguage()
  const options = useMemo(() => countryOptions(language), [language])
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      description={description}
      error={error}
      className={className}
    >
      <FormControl>
        <NativeSelect autoComplete={autoComplete} {...register(name)}>
          <option value="">{t('application.fields.chooseCountry')}</option>
          {options.map((country) => (
            <option key={country.code} value={country.code}>
              {`${country.flag} ${country.name}`}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </FormField>
  )
}

/** Street, city, postcode and country under one heading. */
export function AddressFields({ prefix, legend }: { prefix: string; legend: ReactNode }) {
  const { t } = useTranslation()
  return (
    <fieldset className="grid items-start gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-foreground">{legend}</legend>
      <TextField
        name={`${prefix}.line1`}
        label={t('application.address.line1')}
        autoComplete="address-line1"
        className="sm:col-span-2"
      />
      <TextField
        name={`${prefix}.line2`}
        label={t('application.address.line2')}
        autoComplete="address-line2"
        className="sm:col-span-2"
      />
      <TextField
        name={`${prefix}.city`}
        label={t('application.address.city')}
        autoComplete="address-level2"
      />
      <TextField
        name={`${prefix}.postcode`}
        label={t('application.address.postcode')}
        autoComplete="postal-code"
      />
      <CountryField
        name={`${prefix}.country`}
        label={t('application.address.country')}
        autoComplete="country"
        className="sm:col-span-2"
      />
    </fieldset>
  )
}
