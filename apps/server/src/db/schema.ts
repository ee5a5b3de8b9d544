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
  currency: string | null
}

export interface BusinessMembersTable {
  businessId: string
  userId: string
  role: string
  createdAt: CreatedAt
}

export type ReviewStatus = 'draft' | 'pending' | 'approved' | 'rejected'

export interface BusinessApplicationsTable {
  businessId: string
  company: ColumnType<unknown, string | null, string | null>
  director: ColumnType<unknown, string | null, string | null>
  financial: ColumnType<unknown, string | null, string | null>
  pci: ColumnType<unknown, string | null, string | null>
  operations: ColumnType<unknown, string | null, string | null>
  termsVersion: string | null
  termsAcceptedAt: Date | null
  submittedAt: Date | null
  reviewStatus: Generated<ReviewStatus>
  reviewReason: string | null
  reviewedBy: string | null
  reviewedAt: Date | null
  updatedAt: Generated<Date>
}

export type WalletKind = 'exchange' | 'nwc' | 'lnd'

export interface WalletConnectionsTable {
  businessId: string
  kind: WalletKind
  sealedConfig: string
  publicInfo: ColumnType<Record<string, unknown>, string, string>
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  businesses: BusinessesTable
  businessMembers: BusinessMembersTable
  businessApplications: BusinessApplicationsTable
  walletConnections: WalletConnectionsTable
}
