import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { EMPTY_PERSON, soleTraderSchema } from '../application-schemas'
import { DirectorsForm, useSaveDirectors, type FormProps } from './directors-form'
import { PersonFields } from './person-fields'
import { savedDirectors, toPersonInput } from './saved-directors'

/** A sole trader: the one owner. */
export function SoleTraderForm({ businessId, state }: FormProps) {
  const { t } = useTranslation()
  const schema = useMemo(() => soleTraderSchema(t), [t])
  const saved = savedDirectors(state, 'sole_trader')
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { owner: saved ? toPersonInput(saved.owner) : EMPTY_PERSON },
  })
  const save = useSaveDirectors(businessId, form)
  return (
    <DirectorsForm
      businessId={businessId}
      form={form}
      isSaving={save.isPending}
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ businessId, data: { companyType: 'sole_trader', owner: values.owner } }),
      )}
    >
      <PersonFields prefix="owner" title={t('application.director.owner')} />
    </DirectorsForm>
  )
}
