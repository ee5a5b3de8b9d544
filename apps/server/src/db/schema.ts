/** Table types for the Kysely query builder; they mirror the migrations in `migrations/`. */
import type { OnboardingStep } from '@app/domain'
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
  onboardingStep: Generated<OnboardingStep>
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

export interface LightningNodesTable {
  businessId: string
  hostKind: string
  hostNodeId: string
  restUrl: string | null
  loopRestUrl: string | null
  tlsCertPem: string | null
  pubkey: string | null
  macaroonSealed: string | null
  seedSealed: string | null
  initialisedAt: Date | null
  seedConfirmedAt: Date | null
  /** what was last read of the node (a node status, jsonb; written as JSON text) */
  status: ColumnType<unknown, string | null | undefined, string | null>
  /** when `status` last changed: the id of a node's status events */
  statusChangedAt: Date | null
  statusCheckedAt: Date | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

export interface LndPoolNodesTable {
  id: Generated<string>
  restUrl: string
  loopRestUrl: string | null
  tlsCertPem: string
  businessId: string | null
  assignedAt: Date | null
  createdAt: CreatedAt
}

export type OnchainInvoiceStatus = 'unused' | 'receiving' | 'confirmed'
export type ChannelState = 'waiting_for_deposit' | 'opening' | 'open' | 'failed' | 'manual'

export interface OnchainInvoicesTable {
  id: Generated<string>
  businessId: string
  purpose: 'channel_deposit' | 'payment'
  address: string
  /** int8: read as a string by pg; converted at the repository */
  amountSat: ColumnType<string, number, number>
  status: Generated<OnchainInvoiceStatus>
  confirmations: Generated<number>
  receivedSat: ColumnType<string, number | undefined, number>
  txid: string | null
  channelState: Generated<ChannelState>
  channelPoint: string | null
  channelError: string | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

export type PaymentMethod = 'lightning' | 'onchain' | 'ecash' | 'tip'
export type PaymentStatus = 'pending' | 'processing' | 'settled' | 'expired' | 'failed'

/** int8 columns come back from pg as strings; repositories convert them to numbers. */
type Int8 = ColumnType<string, number | undefined, number>

export interface PaymentsTable {
  id: Generated<string>
  businessId: string
  method: PaymentMethod
  status: Generated<PaymentStatus>
  amountSat: Int8
  receivedSat: Int8
  feeSat: Int8
  currency: string
  fiatMinor: ColumnType<string | null, number | null | undefined, number | null>
  memo: Generated<string>
  deviceId: string | null
  tipPageId: string | null
  paymentHash: string | null
  paymentRequest: string | null
  address: string | null
  txid: string | null
  confirmations: Generated<number>
  expiresAt: Date | null
  settledAt: Date | null
  failureReason: string | null
  idempotencyKey: string | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

export interface PaymentDailyTotalsTable {
  businessId: string
  day: ColumnType<string, string, string>
  method: PaymentMethod
  count: Generated<number>
  amountSat: Int8
  fiatMinor: Int8
}

export interface WalletLeasesTable {
  businessId: string
  holder: string
  expiresAt: Date
}

export interface TipPagesTable {
  id: Generated<string>
  businessId: string
  shortName: string
  description: string
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

export interface EcashChangeTable {
  id: Generated<string>
  businessId: string
  paymentId: string | null
  mintUrl: string
  reason: 'change' | 'kept'
  amountSat: Int8
  /** `{ sealed }`: the proofs' JSON encrypted with the app secret */
  proofs: { sealed: string }
  createdAt: CreatedAt
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  businesses: BusinessesTable
  businessMembers: BusinessMembersTable
  businessApplications: BusinessApplicationsTable
  walletConnections: WalletConnectionsTable
  lightningNodes: LightningNodesTable
  lndPoolNodes: LndPoolNodesTable
  onchainInvoices: OnchainInvoicesTable
  payments: PaymentsTable
  paymentDailyTotals: PaymentDailyTotalsTable
  walletLeases: WalletLeasesTable
  tipPages: TipPagesTable
  ecashChange: EcashChangeTable
}
