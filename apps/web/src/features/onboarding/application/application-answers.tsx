import { Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TCompanyDetails, TDirectorDetails, TFinancialDetails } from '@app/domain'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import { currentLocale } from '@/lib/i18n'
import { formatFiat } from '@/lib/money-format'
import { ONBOARDING_ROUTES } from '../onboarding-routes'
import type { ApplicationPage } from '../onboarding-steps'
import type { ApplicationState } from './use-application'

type Answers = ApplicationState['application']
type Person = {
  firstName: string
  lastName: string
  dateOfBirth: string
  nationality: string
  email: string
  ownershipPercent?: number
}

/** "GB" as "United Kingdom" in the reader's language (the code when the browser cannot). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

function addressText(a: {
  line1: string
  line2?: string
  city: string
  postcode: string
  country: string
}) {
  return [a.line1, a.line2, `${a.postcode} ${a.city}`, countryName(a.country)]
    .filter((part) => part && part.trim() !== '')
    .join(', ')
}

type Role = 'owner' | 'partner' | 'director' | 'beneficialOwner'

/** The people of the directors section, each with its role and number, as the form lists them. */
function peopleOf(director: TDirectorDetails): { role: Role; number: number; person: Person }[] {
  const numbered = (role: Role, people: readonly Person[]) =>
    people.map((person, i) => ({ role, number: i + 1, person }))
  switch (director.companyType) {
    case 'sole_trader':
      return numbered('owner', [director.owner])
    case 'partnership':
      return numbered('partner', director.partners)
    case 'corporation':
      return [
        ...numbered('director', director.directors),
        ...numbered('beneficialOwner', director.beneficialOwners),
      ]
  }
}

/**
 * The application's answers, read-only, one section per step with a link back to edit it: what
 * the owner checks before submitting (and, without the links, what was sent while it is reviewed).
 */
export function ApplicationAnswers({
  businessId,
  answers,
  canEdit = true,
}: {
  businessId: string
  answers: Answers
  canEdit?: boolean
}) {
  const { t } = useTranslation()
  const company = answers.company
  const director = answers.director
  const financial = answers.financial
  const operations = answers.operations as {
    productsDescription?: string
    salesChannels?: string[]
    locationsCount?: number
    terminalsCount?: number
  } | null
  const pci = answers.pci as {
    storesCardData?: boolean
    usesThirdPartyProcessor?: boolean
    hadDataBreach?: boolean
    breachDetails?: string
  } | null
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? '—' : value ? t('application.pci.yes') : t('application.pci.no')

  return (
    <Card data-testid="application-answers">
      <CardHeader>
        <CardTitle>{t('application.answers.title')}</CardTitle>
        <CardDescription>
          {canEdit ? t('application.answers.description') : t('application.answers.sent')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AnswerSection
          businessId={businessId}
          canEdit={canEdit}
          page="company-details"
          title={t('application.stepper.company')}
        >
          {company && <CompanyAnswers company={company} />}
        </AnswerSection>
        <AnswerSection
          businessId={businessId}
          canEdit={canEdit}
          page="director-details"
          title={t('application.answers.people')}
        >
          {director &&
            peopleOf(director).map(({ role, number, person }) => (
              <Answer
                key={`${role}-${number}`}
                label={
                  role === 'owner'
                    ? t('application.director.owner')
                    : role === 'partner'
                      ? t('application.director.partnerNumber', { number })
                      : role === 'director'
                        ? t('application.director.directorNumber', { number })
                        : t('application.director.ownerNumber', { number })
                }
              >
                {`${person.firstName} ${person.lastName}`}
                <span className="block text-xs text-muted-foreground">
                  {[
                    person.email,
                    t('application.answers.born', {
                      date: formatDate(new Date(`${person.dateOfBirth}T00:00:00`)),
                    }),
                    countryName(person.nationality),
                    person.ownershipPercent === undefined
                      ? null
                      : t('application.answers.owns', { percent: person.ownershipPercent }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Answer>
            ))}
        </AnswerSection>
        <AnswerSection
          businessId={businessId}
          canEdit={canEdit}
          page="financial-details"
          title={t('application.stepper.financial')}
        >
          {financial && <FinancialAnswers financial={financial} />}
        </AnswerSection>
        <AnswerSection
          businessId={businessId}
          canEdit={canEdit}
          page="pci"
          title={t('application.stepper.pci')}
        >
          {pci && (
            <>
              <Answer label={t('application.pci.storesCardData')}>
                {yesNo(pci.storesCardData)}
              </Answer>
              <Answer label={t('application.pci.usesThirdPartyProcessor')}>
                {yesNo(pci.usesThirdPartyProcessor)}
              </Answer>
              <Answer label={t('application.pci.hadDataBreach')}>
                {yesNo(pci.hadDataBreach)}
                {pci.hadDataBreach && pci.breachDetails && (
                  <span className="block text-xs whitespace-pre-line text-muted-foreground">
                    {pci.breachDetails}
                  </span>
                )}
              </Answer>
            </>
          )}
        </AnswerSection>
        <AnswerSection
          businessId={businessId}
          canEdit={canEdit}
          page="operations-details"
          title={t('application.stepper.operations')}
        >
          {operations && (
            <>
              <Answer label={t('application.operations.products')}>
                <span className="whitespace-pre-line">{operations.productsDescription}</span>
              </Answer>
              <Answer label={t('application.operations.channels')}>
                {(operations.salesChannels ?? [])
                  .map((c) => t(`application.salesChannels.${c}.label`, { defaultValue: c }))
                  .join(', ')}
              </Answer>
              <Answer label={t('application.operations.locations')}>
                {String(operations.locationsCount ?? '—')}
              </Answer>
              <Answer label={t('application.operations.terminals')}>
                {String(operations.terminalsCount ?? '—')}
              </Answer>
            </>
          )}
        </AnswerSection>
      </CardContent>
    </Card>
  )
}

function CompanyAnswers({ company }: { company: TCompanyDetails }) {
  const { t } = useTranslation()
  return (
    <>
      <Answer label={t('application.company.legalName')}>{company.legalName}</Answer>
      <Answer label={t('application.company.tradingName')}>{company.tradingName}</Answer>
      <Answer label={t('application.company.companyType')}>
        {t(`application.companyTypes.${company.companyType}.label`)}
      </Answer>
      {company.registrationNumber && (
        <Answer label={t('application.company.registrationNumber')}>
          {company.registrationNumber}
        </Answer>
      )}
      <Answer label={t('application.company.country')}>{countryName(company.country)}</Answer>
      <Answer label={t('application.company.address')}>{addressText(company.address)}</Answer>
      <Answer label={t('application.company.phone')}>
        {`${company.phone.callingCode} ${company.phone.number}`}
      </Answer>
      {company.website && (
        <Answer label={t('application.company.website')}>{company.website}</Answer>
      )}
    </>
  )
}

function FinancialAnswers({ financial }: { financial: TFinancialDetails }) {
  const { t } = useTranslation()
  return (
    <>
      <Answer label={t('application.financial.currency')}>
        {t(`application.currencies.${financial.currency}`)}
      </Answer>
      <Answer label={t('application.financial.monthlyVolume')}>
        {formatFiat(financial.expectedMonthlyVolumeMinor, financial.currency)}
      </Answer>
      <Answer label={t('application.financial.averageSale')}>
        {formatFiat(financial.averageSaleMinor, financial.currency)}
      </Answer>
      <Answer label={t('application.financial.accountHolder')}>
        {financial.bankAccountHolder}
      </Answer>
      <Answer label={t('application.financial.iban')}>
        <span className="font-mono">{financial.iban}</span>
      </Answer>
    </>
  )
}

/** One step's answers under its name, with a link back to that step. */
function AnswerSection({
  businessId,
  canEdit,
  page,
  title,
  children,
}: {
  businessId: string
  canEdit: boolean
  page: ApplicationPage
  title: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const isEmpty = children === null || children === false || children === undefined
  return (
    <section className="grid gap-3 border-b border-border pb-5 last:border-0 last:pb-0">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        {canEdit && (
          <Button asChild variant="ghost" size="sm">
            <Link to={ONBOARDING_ROUTES[page]} params={{ businessId }}>
              <Pencil aria-hidden />
              {t('application.answers.edit')}
              <span className="sr-only">{` ${title}`}</span>
            </Link>
          </Button>
        )}
      </div>
      {isEmpty ? (
        <p className="text-sm text-muted-foreground">{t('application.answers.none')}</p>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">{children}</dl>
      )}
    </section>
  )
}

function Answer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
