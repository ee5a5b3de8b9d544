import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { EMPTY_OWNER, EMPTY_PERSON, MAX_PEOPLE, corporationSchema } from '../application-schemas'
import { DirectorsForm, useSaveDirectors, type FormProps } from './directors-form'
import { ListFooter, SectionHeading, useListError } from './people-list'
import { PersonFields } from './person-fields'
import { savedDirectors, toOwnerInput, toPersonInput } from './saved-directors'

/** A corporation: its directors, and its beneficial owners with their shares. */
export function CorporationForm({ businessId, state }: FormProps) {
  const { t } = useTranslation()
  const schema = useMemo(() => corporationSchema(t), [t])
  const saved = savedDirectors(state, 'corporation')
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      directors: saved ? saved.directors.map(toPersonInput) : [EMPTY_PERSON],
      beneficialOwners: saved ? saved.beneficialOwners.map(toOwnerInput) : [],
    },
  })
  const directors = useFieldArray({ control: form.control, name: 'directors' })
  const owners = useFieldArray({ control: form.control, name: 'beneficialOwners' })
  const directorsError = useListError(form, 'directors')
  const ownersError = useListError(form, 'beneficialOwners')
  const save = useSaveDirectors(businessId, form)
  return (
    <DirectorsForm
      businessId={businessId}
      form={form}
      isSaving={save.isPending}
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          businessId,
          data: {
            companyType: 'corporation',
            directors: values.directors,
            beneficialOwners: values.beneficialOwners,
          },
        }),
      )}
    >
      <section className="grid gap-4">
        <SectionHeading
          title={t('application.director.directorsHeading')}
          description={t('application.director.directorsHint')}
        />
        {directors.fields.map((field, index) => (
          <PersonFields
            key={field.id}
            prefix={`directors.${index}`}
            title={t('application.director.directorNumber', { number: index + 1 })}
            onRemove={directors.fields.length > 1 ? () => directors.remove(index) : undefined}
            removeLabel={t('application.director.remove')}
          />
        ))}
        <ListFooter
          error={directorsError}
          canAdd={directors.fields.length < MAX_PEOPLE}
          addLabel={t('application.director.addDirector')}
          onAdd={() => directors.append(EMPTY_PERSON)}
        />
      </section>
      <section className="grid gap-4 border-t border-border pt-6">
        <SectionHeading
          title={t('application.director.ownersHeading')}
          description={t('application.director.ownersHint')}
        />
        {owners.fields.length === 0 && (
          <p className="rounded-lg border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">
            {t('application.director.noOwners')}
          </p>
        )}
        {owners.fields.map((field, index) => (
          <PersonFields
            key={field.id}
            prefix={`beneficialOwners.${index}`}
            title={t('application.director.ownerNumber', { number: index + 1 })}
            withOwnership
            onRemove={() => owners.remove(index)}
            removeLabel={t('application.director.remove')}
          />
        ))}
        <ListFooter
          error={ownersError}
          canAdd={owners.fields.length < MAX_PEOPLE}
          addLabel={t('application.director.addOwner')}
          onAdd={() => owners.append(EMPTY_OWNER)}
        />
      </section>
    </DirectorsForm>
  )
}
