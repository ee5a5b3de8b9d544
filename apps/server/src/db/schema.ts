/** Table types for the Kysely query builder; they mirror the migrations in `migrations/`. */
import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>

export interface UsersTable {
  id: Generated<string>
  email: string
  passwordHash: string
  isOperator: Generated<boolean>
  createdAt: CreatedAt
  passwordChangedAt: Generated<Date>
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored */
  idHash: string
  userId: string
  createdAt: CreatedAt
  expiresAt: Date
  lastSeenAt: Generated<Date>
}

export interface BusinessesTable {
  id: Generated<string>
  name: string
  onboardingStep: Generated<string>
  createdBy: string
  createdAt: CreatedAt
}

export interface BusinessMembersTable {
  businessId: string
  userId: string
  role: string
  createdAt: CreatedAt
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  businesses: BusinessesTable
  businessMembers: BusinessMembersTable
}
