/** The people saved earlier, as the director forms' starting values. */
import type { inferInput } from '@trpc/tanstack-react-query'
import type { Trpc } from '@/lib/trpc'
import {
  EMPTY_ADDRESS,
  type CompanyType,
  type OwnershipPersonInput,
  type PersonInput,
} from '../application-schemas'
import type { ApplicationState } from '../use-application'

type DirectorData = inferInput<Trpc['onboarding']['saveDirectors']>['data']
type SavedPerson = Extract<DirectorData, { companyType: 'sole_trader' }>['owner']
type SavedOwner = Extract<DirectorData, { companyType: 'partnership' }>['partners'][number]

export function toPersonInput(person: SavedPerson): PersonInput {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    nationality: person.nationality,
    email: person.email,
    address: { ...EMPTY_ADDRESS, ...person.address },
  }
}

export function toOwnerInput(person: SavedOwner): OwnershipPersonInput {
  return { ...toPersonInput(person), ownershipPercent: String(person.ownershipPercent) }
}

/** The saved people when they were saved for this company type. */
export function savedDirectors<T extends CompanyType>(
  state: ApplicationState,
  companyType: T,
): Extract<DirectorData, { companyType: T }> | undefined {
  const saved = state.application.director
  return saved?.companyType === companyType
    ? (saved as Extract<DirectorData, { companyType: T }>)
    : undefined
}
