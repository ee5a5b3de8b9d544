import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { EMPTY_OWNER, MAX_PEOPLE, partnershipSchema } from '../application-schemas'
import { DirectorsForm, useSaveDirectors, type FormProps } from './directors-form'
import { ListFooter, useListError } from './people-list'
import { PersonFields } from './person-fields'
import { savedDirectors, toOwnerInput } from './saved-directors'

/** A partnership: two partners or more, each with their share. */
export function PartnershipForm({ businessId, state }: FormProps) {
  const { t } = useTranslation()
  const schema = useMemo(() => partnershipSchema(t), [t])
  const saved = savedDirectors(state, 'partnership')
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      partners: saved ? saved.partners.map(toOwnerInput) : [EMPTY_OWNER, EMPTY_OWNER],
    },
  })
  const partners = useFieldArray({ control: form.control, name: 'partners' })
  const listError = useListError(form, 'partners')
  const save = useSaveDirectors(businessId, form)
  return (
    <DirectorsForm
      businessId={businessId}
      form={form}
      isSaving={save.isPending}
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          businessId,
          data: { companyType: 'partnership', partners: values.partners },
        }),
      )}
    >
      {partners.fields.map((field, index) => (
        <PersonFields
          key={field.id}
          prefix={`partners.${index}`}
          title={t('application.director.partnerNumber', { number: index + 1 })}
          withOwnership
          onRemove={partners.fields.length > 2 ? () => partners.remove(index) : undefined}
          removeLabel={t('application.director.remove')}
        />
      ))}
      <ListFooter
        error={listError}
        canAdd={partners.fields.length < MAX_PEOPLE}
        addLabel={t('application.director.addPartner')}
        onAdd={() => partners.append(EMPTY_OWNER)}
      />
    </DirectorsForm>
  )
}
