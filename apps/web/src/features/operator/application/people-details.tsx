import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatDate, formatNumber } from '@/lib/format'
import type { Address, Directors } from './application-types'
import { AddressText, CountryName, Item } from './detail-items'

interface PersonView {
  firstName: string
  lastName: string
  dateOfBirth: string
  nationality: string
  email: string
  address: Address
  ownershipPercent?: number
}

function peopleGroups(directors: Directors, t: TFunction) {
  switch (directors.companyType) {
    case 'sole_trader':
      return [{ title: t('application.director.owner'), people: [directors.owner] }]
    case 'partnership':
      return [{ title: t('operator.people.partners'), people: directors.partners }]
    case 'corporation':
      return [
        { title: t('application.director.directorsHeading'), people: directors.directors },
        { title: t('application.director.ownersHeading'), people: directors.beneficialOwners },
      ]
  }
}

export function PeopleDetails({ directors }: { directors: Directors }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6">
      {peopleGroups(directors, t).map((group) => (
        <div key={group.title} className="grid gap-3">
          <h3 className="text-sm font-semibold">
            {group.title} <span className="text-muted-foreground">({group.people.length})</span>
          </h3>
          {group.people.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('operator.people.none')}</p>
          )}
          {group.people.map((person: PersonView, index) => (
            <div
              key={`${person.email}-${index}`}
              className="rounded-lg border border-border bg-muted/30 p-4"
            >
              <p className="mb-3 font-medium">
                {`${person.firstName} ${person.lastName}`}
                {person.ownershipPercent !== undefined && (
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {t('operator.people.share', {
                      percent: formatNumber(person.ownershipPercent, { maximumFractionDigits: 2 }),
                    })}
                  </span>
                )}
              </p>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Item label={t('application.person.dateOfBirth')}>
                  {formatDate(new Date(`${person.dateOfBirth}T12:00:00`))}
                </Item>
                <Item label={t('application.person.nationality')}>
                  <CountryName code={person.nationality} />
                </Item>
                <Item label={t('application.person.email')}>{person.email}</Item>
                <Item label={t('application.person.address')}>
                  <AddressText address={person.address} />
                </Item>
              </dl>
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}
