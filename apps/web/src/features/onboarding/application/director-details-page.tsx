import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import type { inferInput } from '@trpc/tanstack-react-query'
import { CircleAlert, Plus } from 'lucide-react'
import { useMemo, type FormEventHandler, type ReactNode } from 'react'
import {
  FormProvider,
  useFieldArray,
  useForm,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useTRPC, type Trpc } from '@/lib/trpc'
import { ApplicationFrame } from './application-frame'
import {
  EMPTY_ADDRESS,
  EMPTY_OWNER,
  EMPTY_PERSON,
  MAX_PEOPLE,
  corporationSchema,
  partnershipSchema,
  soleTraderSchema,
  type CompanyType,
  type OwnershipPersonInput,
  type PersonInput,
} from './application-schemas'
import { FormFooter } from './form-footer'
import { errorMessage } from './form-fields'
import { PersonFields } from './person-fields'
import {
  useAfterSave,
  useApplicationState,
  useSaveErrorHandler,
  type ApplicationState,
} from './use-application'

type DirectorData = inferInput<Trpc['onboarding']['saveDirectors']>['data']
type SavedPerson = Extract<DirectorData, { companyType: 'sole_trader' }>['owner']
type SavedOwner = Extract<DirectorData, { companyType: 'partnership' }>['partners'][number]

function toPersonInput(person: SavedPerson): PersonInput {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    nationality: person.nationality,
    email: person.email,
    address: { ...EMPTY_ADDRESS, ...person.address },
  }
}

function toOwnerInput(person: SavedOwner): OwnershipPersonInput {
  return { ...toPersonInput(person), ownershipPercent: String(person.ownershipPercent) }
}

/** The saved people when they were saved for this company type. */
function savedDirectors<T extends CompanyType>(
  state: ApplicationState,
  companyType: T,
): Extract<DirectorData, { companyType: T }> | undefined {
  const saved = state.application.director
  return saved?.companyType === companyType
    ? (saved as Extract<DirectorData, { companyType: T }>)
    : undefined
}

/**
 * Who is behind the business, in the shape its legal form asks for: the owner of a sole
 * trader, the partners of a partnership, the directors and beneficial owners of a corporation.
 */
export function DirectorDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const state = useApplicationState(businessId)
  const companyType = state.application.company?.companyType ?? 'sole_trader'
  const description = {
    sole_trader: t('application.director.soleTraderDescription'),
    partnership: t('application.director.partnershipDescription'),
    corporation: t('application.director.corporationDescription'),
  }[companyType]
  return (
    <ApplicationFrame
      businessId={businessId}
      page="director-details"
      state={state}
      title={t(`application.director.title.${companyType}`)}
      description={description}
    >
      {companyType === 'sole_trader' && <SoleTraderForm businessId={businessId} state={state} />}
      {companyType === 'partnership' && <PartnershipForm businessId={businessId} state={state} />}
      {companyType === 'corporation' && <CorporationForm businessId={businessId} state={state} />}
    </ApplicationFrame>
  )
}

interface FormProps {
  businessId: string
  state: ApplicationState
}

function useSaveDirectors<T extends FieldValues, TOut>(
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

function DirectorsForm<T extends FieldValues, TOut>({
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

function SoleTraderForm({ businessId, state }: FormProps) {
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

function PartnershipForm({ businessId, state }: FormProps) {
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

function CorporationForm({ businessId, state }: FormProps) {
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

/** An error on a whole list ("at least two partners", "shares above 100 %"). */
function useListError<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  name: string,
) {
  return errorMessage(form.formState.errors, name)
}

function SectionHeading({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-1">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  )
}

function ListFooter({
  error,
  canAdd,
  addLabel,
  onAdd,
}: {
  error: string | undefined
  canAdd: boolean
  addLabel: string
  onAdd: () => void
}) {
  return (
    <div className="grid gap-3">
      {error && (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden />
          <AlertDescription className="text-foreground">{error}</AlertDescription>
        </Alert>
      )}
      {canAdd && (
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-9 justify-self-start py-2 text-left whitespace-normal"
          onClick={onAdd}
        >
          <Plus aria-hidden />
          {addLabel}
        </Button>
      )}
    </div>
  )
}
