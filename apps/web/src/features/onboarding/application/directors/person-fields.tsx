import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { AddressFields, CountryField } from '../fields/address-fields'
import { TextField } from '../fields/text-fields'
import { latestAdultBirthDate } from '@app/domain'

/**
 * One person of the application (owner, partner, director or beneficial owner) under `prefix`
 * in the form: name, birth date, nationality, email, home address, and a share when asked.
 */
export function PersonFields({
  prefix,
  title,
  withOwnership = false,
  onRemove,
  removeLabel,
}: {
  prefix: string
  title: ReactNode
  withOwnership?: boolean
  onRemove?: () => void
  removeLabel?: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="grid gap-5 rounded-lg border border-border p-4 sm:p-5">
      <legend className="sr-only">{title}</legend>
      <div className="flex items-center justify-between gap-3">
        <h3 aria-hidden className="text-sm font-semibold">
          {title}
        </h3>
        {onRemove && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onRemove}
            className="-my-1 text-muted-foreground hover:text-destructive"
          >
            <Trash2 aria-hidden />
            {removeLabel}
          </Button>
        )}
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          name={`${prefix}.firstName`}
          label={t('application.person.firstName')}
          autoComplete="off"
        />
        <TextField
          name={`${prefix}.lastName`}
          label={t('application.person.lastName')}
          autoComplete="off"
        />
        <TextField
          name={`${prefix}.dateOfBirth`}
          label={t('application.person.dateOfBirth')}
          description={t('application.person.dateOfBirthHint')}
          type="date"
          max={latestAdultBirthDate()}
          min="1900-01-01"
        />
        <CountryField name={`${prefix}.nationality`} label={t('application.person.nationality')} />
        <TextField
          name={`${prefix}.email`}
          label={t('application.person.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          className={withOwnership ? undefined : 'sm:col-span-2'}
        />
        {withOwnership && (
          <TextField
            name={`${prefix}.ownershipPercent`}
            label={t('application.person.ownership')}
            description={t('application.person.ownershipHint')}
            inputMode="decimal"
          />
        )}
      </div>
      <AddressFields prefix={`${prefix}.address`} legend={t('application.person.address')} />
    </fieldset>
  )
}
