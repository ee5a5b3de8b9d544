/** Table types for the Kysely query builder; they mirror the migrations in `migrations/`. */
import type {
  InvitableRole,
  LoopSwapStatus,
  MemberRole,
  OnboardingStep,
  WithdrawalRail,
  WithdrawalStatus,
} from '@app/domain'
import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>

export interface UsersTable {
  id: Generated<string>
  email: string
  passwordHash: string
  isOperator: Generated<boolean>
  createdAt: CreatedAt
  passwordChangedAt: Generated<Date>
  /** the second sign-in factor's secret, sealed; null while two-factor sign-in is off */
  totpSecretSealed: string | null
  /** a secret being enrolled, sealed, until its first code is confirmed */
  totpPendingSealed: string | null
  totpEnabledAt: Date | null
  /** the last TOTP time step accepted: a code is never accepted twice */
  totpLastStep: ColumnType<string | null, number | null | undefined, number | null>
  /** when the address was confirmed from a link sent to it; null: not verified */
  emailVerifiedAt: Date | null
  /** from when payouts need a verified address (accounts older than verification got 14 days) */
  emailVerificationDueAt: Generated<Date>
  /** the language mail to the account is written in */
  locale: Generated<string>
}

/** Mail to be sent, written in the transaction that causes it (`mail/outbox.ts`). */
export interface MailOutboxTable {
  id: Generated<string>
  toAddress: string
  locale: string
  template: string
  /** the template's data, sealed; null once sent */
  dataSealed: string | null
  attempts: Generated<number>
  nextAttemptAt: Generated<Date>
  sentAt: Date | null
  failedAt: Date | null
  lastError: string | null
  createdAt: CreatedAt
}

/** Single-use links mailed to an account: password reset, verification, address change. */
export interface AccountTokensTable {
  tokenHash: string
  userId: string
  purpose: 'password_reset' | 'verify_email' | 'change_email'
  email: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: CreatedAt
}

/** Single-use codes for signing in without the authenticator; only their hashes are kept. */
export interface RecoveryCodesTable {
  userId: string
  codeHash: string
  usedAt: Date | null
  createdAt: CreatedAt
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored */
  idHash: string
  userId: string
  createdAt: CreatedAt
  expiresAt: Date
  lastSeenAt: Generated<Date>
  /** the id the sessions list names a session by (the hash above is never sent out) */
  id: Generated<string>
  /** the browser's User-Agent when the session was made */
  userAgent: string | null
  /** the address the session was last used from */
  ip: string | null
}

export interface BusinessesTable {
  id: Generated<string>
  name: string
  onboardingStep: Generated<OnboardingStep>
  createdBy: string
  createdAt: CreatedAt
  currency: string | null
  adminsMayPayOut: Generated<boolean>
}

export interface BusinessMembersTable {
  businessId: string
  userId: string
  role: MemberRole
  createdAt: CreatedAt
}

export interface InvitationsTable {
  id: Generated<string>
  businessId: string
  email: string
  role: InvitableRole
  tokenHash: string
  invitedBy: string | null
  createdAt: CreatedAt
  expiresAt: Date
  revokedAt: Date | null
  acceptedAt: Date | null
  acceptedBy: string | null
}

export type ReviewStatus = 'draft' | 'pending' | 'approved' | 'rejected'

export interface BusinessApplicationsTable {
  businessId: string
  company: ColumnType<unknown, string | null, string | null>
  director: ColumnType<unknown, string | null, string | null>
  financial: ColumnType<unknown, string | null, string | null>
  pci: ColumnType<unknown, string | null, string | null>
  operations: ColumnType<unknown, string | null, string | null>
  /** the company, director and financial sections sealed with APP_SECRET (personal data) */
  companySealed: string | null
  directorSealed: string | null
  financialSealed: string | null
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

/** The latest static channel backup of a merchant node (0017), sealed. */
export interface NodeChannelBackupsTable {
  businessId: string
  backupSealed: string
  /** the channel points it covers, sorted (jsonb; written as JSON text) */
  channelPoints: ColumnType<string[], string, string>
  verifiedAt: Date
  updatedAt: Generated<Date>
}

/** A node version the operator published (0017). */
export interface NodeVersionsTable {
  version: string
  notes: Generated<string>
  publishedAt: Generated<Date>
}

export type NodeUpdateState = 'requested' | 'updating' | 'done' | 'failed'

/** A node update a merchant started (0017); one open at a time per node. */
export interface NodeUpdatesTable {
  id: Generated<string>
  businessId: string
  fromVersion: string
  toVersion: string
  state: Generated<NodeUpdateState>
  failureReason: string | null
  createdAt: Generated<Date>
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
  /** why the opening failed or waits, as a catalogue code (the web translates it) */
  channelErrorCode: string | null
  /** when the deposit job last looked at the deposit; null: never */
  checkedAt: Date | null
  /** when an unpaid deposit was given up */
  expiredAt: Date | null
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
  /** the staff member signed in at the device that took it (0019) */
  staffId: Generated<string | null>
  /** the till's own reference for the order (POS integration, 0019) */
  orderReference: Generated<string | null>
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

/** A server instance's heartbeat: its wallet leases are live while it beats (0024). */
export interface WatcherInstancesTable {
  id: string
  aliveUntil: Date
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

export interface EcashWalletSeedTable {
  id: Generated<number>
  /** the BIP39 words of the platform's ecash wallet, sealed with the app secret */
  mnemonicSealed: string
  createdAt: CreatedAt
}

export interface EcashCountersTable {
  mintUrl: string
  keysetId: string
  /** the next NUT-13 counter to derive an output from */
  next: number
}

/** Counters reserved for a redemption: outputs `start .. start + count - 1` of a keyset. */
export interface EcashCounterRange {
  keysetId: string
  start: number
  count: number
}

export interface EcashRedemptionsTable {
  paymentId: string
  businessId: string
  mintUrl: string
  tokenSat: Int8
  currency: string | null
  /** `swap`: proofs may be at the mint's; `melt`: swapped and held, melting; `done` */
  stage: 'swap' | 'melt' | 'done'
  counters: ColumnType<EcashCounterRange[], string | undefined, string>
  invoiceSat: ColumnType<string | null, number | null | undefined, number | null>
  meltQuote: string | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

/** The last nonce each exchange API key used, by the key's SHA-256 (every instance shares it). */
export interface ExchangeNoncesTable {
  keyHash: string
  lastNonce: Int8
}

/** rate-limiter-flexible's counters: `expire` is milliseconds since the epoch, null = never. */
export interface RateLimitsTable {
  key: string
  points: number
  expire: ColumnType<string | null, number | null, number | null>
}

/** An owner's choice of the daily sales summary in a business: a row is on (0033). */
export interface DailySummarySubscriptionsTable {
  businessId: string
  userId: string
  createdAt: CreatedAt
}

/** Each daily summary queued, once per business, member and UTC day (0033). */
export interface DailySummariesSentTable {
  businessId: string
  userId: string
  day: ColumnType<string, string, string>
  queuedAt: CreatedAt
}

/** A business's API key for its web shop (0035): only the key's hash is kept. */
export interface ApiKeysTable {
  id: Generated<string>
  businessId: string
  name: string
  shownPrefix: string
  keyHash: string
  scopes: string[]
  createdBy: string | null
  createdAt: CreatedAt
  lastUsedAt: Date | null
  revokedAt: Date | null
}

/** A payment link (0035): each use makes an invoice. */
export interface PaymentLinksTable {
  id: string
  businessId: string
  name: string
  description: Generated<string>
  amount: ColumnType<string | null, number | null, number | null>
  currency: string
  maxUses: number | null
  uses: Generated<number>
  activeUntil: Date | null
  redirectUrl: string | null
  active: Generated<boolean>
  createdAt: CreatedAt
}

/** An online invoice (0035): a payment with the shop's order details; `/pay/{id}`. */
export interface InvoicesTable {
  id: Generated<string>
  businessId: string
  paymentId: string | null
  ecashPaymentId: string | null
  paymentLinkId: string | null
  apiKeyId: string | null
  amount: Int8
  currency: string
  amountSat: Int8
  orderId: string | null
  description: Generated<string>
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>
  redirectUrl: string | null
  expiresAt: Date
  idempotencyKey: string | null
  status: Generated<string>
  exception: string | null
  firstPaidAt: Date | null
  settledAt: Date | null
  invalidatedAt: Date | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

/** A business's webhook for invoice events (0035). */
export interface BusinessWebhooksTable {
  id: Generated<string>
  businessId: string
  url: string
  secretSealed: string
  events: string[]
  createdAt: CreatedAt
}

/** One call (with its retries) of a business webhook (0035). */
export interface InvoiceWebhookDeliveriesTable {
  id: Generated<string>
  webhookId: string
  businessId: string
  invoiceId: string | null
  event: string
  payload: ColumnType<unknown, string, string>
  redeliveryOf: string | null
  status: Generated<'pending' | 'delivered' | 'failed'>
  attempts: Generated<number>
  nextAttemptAt: Generated<Date>
  lastStatusCode: number | null
  lastError: string | null
  createdAt: CreatedAt
  deliveredAt: Date | null
}

export interface Database {
  users: UsersTable
  mailOutbox: MailOutboxTable
  accountTokens: AccountTokensTable
  sessions: SessionsTable
  recoveryCodes: RecoveryCodesTable
  businesses: BusinessesTable
  businessMembers: BusinessMembersTable
  invitations: InvitationsTable
  businessApplications: BusinessApplicationsTable
  walletConnections: WalletConnectionsTable
  lightningNodes: LightningNodesTable
  lndPoolNodes: LndPoolNodesTable
  nodeChannelBackups: NodeChannelBackupsTable
  nodeVersions: NodeVersionsTable
  nodeUpdates: NodeUpdatesTable
  onchainInvoices: OnchainInvoicesTable
  payments: PaymentsTable
  paymentDailyTotals: PaymentDailyTotalsTable
  walletLeases: WalletLeasesTable
  watcherInstances: WatcherInstancesTable
  tipPages: TipPagesTable
  ecashChange: EcashChangeTable
  ecashWalletSeed: EcashWalletSeedTable
  ecashCounters: EcashCountersTable
  ecashRedemptions: EcashRedemptionsTable
  exchangeNonces: ExchangeNoncesTable
  rateLimits: RateLimitsTable
  devices: DevicesTable
  deviceSessions: DeviceSessionsTable
  staff: StaffTable
  staffPinKey: StaffPinKeyTable
  staffRfidTags: StaffRfidTagsTable
  staffLockEvents: StaffLockEventsTable
  unrecognisedRfidTags: UnrecognisedRfidTagsTable
  deviceImages: DeviceImagesTable
  deviceImageOrphans: DeviceImageOrphansTable
  deviceSettings: DeviceSettingsTable
  paymentTips: PaymentTipsTable
  posWebhooks: PosWebhooksTable
  webhookDeliveries: WebhookDeliveriesTable
  withdrawals: WithdrawalsTable
  addressDenylist: AddressDenylistTable
  screeningDecisions: ScreeningDecisionsTable
  consentStepUps: ConsentStepUpsTable
  passkeys: PasskeysTable
  knownBrowsers: KnownBrowsersTable
  passkeyChallenges: PasskeyChallengesTable
  payoutLimits: PayoutLimitsTable
  consentDecisions: ConsentDecisionsTable
  auditEvents: AuditEventsTable
  refunds: RefundsTable
  shiftCloses: ShiftClosesTable
  shiftClosePayments: ShiftClosePaymentsTable
  loopSwaps: LoopSwapsTable
  nodeBackupLeases: NodeBackupLeasesTable
  lndPoolNodeUpdates: LndPoolNodeUpdatesTable
  dailySummarySubscriptions: DailySummarySubscriptionsTable
  dailySummariesSent: DailySummariesSentTable
  apiKeys: ApiKeysTable
  paymentLinks: PaymentLinksTable
  invoices: InvoicesTable
  businessWebhooks: BusinessWebhooksTable
  invoiceWebhookDeliveries: InvoiceWebhookDeliveriesTable
}

/** A device login (0019): a terminal or POS integration; only its secret's SHA-256 is kept. */
export interface DevicesTable {
  id: Generated<string>
  businessId: string
  name: string
  isKiosk: Generated<boolean>
  mid: string | null
  loginId: string
  secretHash: string
  credentialsIssuedAt: Generated<Date>
  pairedAt: Date | null
  lastSeenAt: Date | null
  deletedAt: Date | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

export interface DeviceSessionsTable {
  /** sha256 of the session token (cookie or bearer) */
  idHash: string
  deviceId: string
  businessId: string
  kind: 'cookie' | 'bearer'
  staffId: string | null
  createdAt: CreatedAt
  expiresAt: Date
  lastSeenAt: Generated<Date>
  /** the signed-in staff member's last use; idle past the device settings' time, signed out (0026) */
  staffActiveAt: Date | null
  /** how the signed-in staff member proved who they are (0027) */
  staffProof: Generated<'pin' | 'tag' | null>
}

/** One row: the sealed key of the staff PINs' lookup HMAC (0019). */
export interface StaffPinKeyTable {
  id: ColumnType<number, number | undefined, never>
  keySealed: string
}

export interface StaffTable {
  id: Generated<string>
  businessId: string
  name: string
  language: Generated<string>
  /** keyed HMAC of the PIN within the business: finds the staff member, keeps PINs unique */
  pinLookup: string
  /** scrypt of the PIN */
  pinHash: string
  canEodReport: Generated<boolean>
  canRefundReport: Generated<boolean>
  canRefund: Generated<boolean>
  /** wrong PINs keyed in a row, across every device; a right one sets it back to 0 (0027) */
  wrongPins: Generated<number>
  /** locked after too many wrong PINs, until the owner unlocks (0027) */
  lockedAt: Date | null
  lockedAfterWrongPins: number | null
  /** the PIN's length; null for PINs set before 0027 until their next PIN sign-in */
  pinDigits: number | null
  deletedAt: Date | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

/** Every lock (after wrong PINs, at a device) and unlock (by a user) of a staff member (0027). */
export interface StaffLockEventsTable {
  id: Generated<string>
  businessId: string
  staffId: string
  event: 'locked' | 'unlocked'
  wrongPins: number
  deviceId: string | null
  userId: string | null
  at: CreatedAt
}

export interface StaffRfidTagsTable {
  businessId: string
  tag: string
  staffId: string
  createdAt: CreatedAt
}

export interface UnrecognisedRfidTagsTable {
  businessId: string
  tag: string
  deviceId: string | null
  seenAt: Generated<Date>
  timesSeen: Generated<number>
}

export interface DeviceImagesTable {
  id: Generated<string>
  businessId: string
  contentType: string
  /** the image itself when `storage` is `postgres`; null when it is in the S3 store (0025) */
  bytes: Buffer | null
  width: number
  height: number
  createdAt: CreatedAt
  /** where the bytes are: `postgres` (in `bytes`) or `s3` (under `objectKey`) (0025) */
  storage: Generated<'postgres' | 's3'>
  objectKey: string | null
  /** bytes in the image (0025) */
  size: number
}

/** Objects in the S3 image store that no image row names, deleted from `dueAt` on (0025). */
export interface DeviceImageOrphansTable {
  objectKey: string
  dueAt: Generated<Date>
  attempts: Generated<number>
}

export interface DeviceSettingsTable {
  businessId: string
  displayName: string | null
  receiptText: string | null
  screenSaverDelaySec: Generated<number>
  theme: Generated<string>
  logoImageId: string | null
  screenSaverImageId: string | null
  /** tip percentages the terminal offers (0020) */
  tipPercents: Generated<number[]>
  /** staff are signed out of a terminal after this long without use; 0 never (0020) */
  idleSignOutSec: Generated<number>
  updatedAt: Generated<Date>
}

/** The tip part of a payment taken at a terminal, paid with the payment's invoice (0020). */
export interface PaymentTipsTable {
  paymentId: string
  businessId: string
  tipSat: Int8
  tipFiatMinor: ColumnType<string | null, number | null | undefined, number | null>
  createdAt: CreatedAt
}

export interface PosWebhooksTable {
  deviceId: string
  businessId: string
  url: string
  secretSealed: string
  createdAt: CreatedAt
}

export interface WebhookDeliveriesTable {
  id: Generated<string>
  businessId: string
  deviceId: string
  paymentId: string
  event: string
  status: Generated<'pending' | 'delivered' | 'failed'>
  attempts: Generated<number>
  nextAttemptAt: Generated<Date>
  lastStatusCode: number | null
  lastError: string | null
  createdAt: CreatedAt
  deliveredAt: Date | null
}

/** Money sent out of a business's wallet (0018): a row before the wallet is asked. */
export interface WithdrawalsTable {
  id: Generated<string>
  businessId: string
  userId: string | null
  walletKind: 'lnd' | 'nwc' | 'exchange'
  rail: WithdrawalRail
  destinationType: string
  destination: string
  address: string | null
  paymentRequest: string | null
  paymentHash: string | null
  exchangeKey: string | null
  amountSat: Int8
  feeLimitSat: ColumnType<string | null, number | null | undefined, number | null>
  feeRateSatVb: number | null
  sweepAll: Generated<boolean>
  feeSat: ColumnType<string | null, number | null | undefined, number | null>
  status: Generated<WithdrawalStatus>
  failureReason: string | null
  txid: string | null
  preimage: string | null
  exchangeRef: string | null
  idempotencyKey: string
  createdAt: CreatedAt
  updatedAt: Generated<Date>
  sentAt: Date | null
  finishedAt: Date | null
}

/** Addresses the operator refuses to send to (0018). */
export interface AddressDenylistTable {
  address: string
  reason: string
  addedBy: string
  createdAt: CreatedAt
}

/** Every screening decision on a withdrawal address: who, what, when, which list (0018). */
export interface ScreeningDecisionsTable {
  id: Generated<string>
  businessId: string | null
  userId: string | null
  address: string
  stage: 'quote' | 'send'
  list: 'denylist' | 'provider'
  outcome: 'allowed' | 'denied' | 'flagged' | 'unavailable'
  detail: Generated<string>
  createdAt: CreatedAt
}

/** A session's step-up: the password and second factor given for an act, valid until (0028). */
export interface ConsentStepUpsTable {
  sessionIdHash: string
  userId: string
  expiresAt: Date
  createdAt: CreatedAt
}

/** A browser an account was signed in from: the hash of its cookie's token (0034). */
export interface KnownBrowsersTable {
  userId: string
  tokenHash: string
  createdAt: CreatedAt
  lastSeenAt: Generated<Date>
}

/** A user's passkey (WebAuthn credential) (0031). */
export interface PasskeysTable {
  id: Generated<string>
  userId: string
  /** base64url */
  credentialId: string
  /** COSE */
  publicKey: Uint8Array
  counter: ColumnType<string, number | undefined, number>
  transports: ColumnType<string[], string[] | undefined, string[]>
  /** base64url */
  userHandle: string
  deviceType: 'singleDevice' | 'multiDevice'
  isBackedUp: ColumnType<boolean, boolean | undefined, boolean>
  name: string
  createdAt: CreatedAt
  lastUsedAt: Date | null
}

/** A passkey ceremony's challenge: single-use, short-lived, bound to what asked (0031). */
export interface PasskeyChallengesTable {
  challenge: string
  purpose: 'register' | 'sign-in' | 'step-up'
  userId: string | null
  sessionIdHash: string | null
  userHandle: string | null
  origin: string
  rpId: string
  expiresAt: Date
  createdAt: CreatedAt
}

/** The payout limits the operator set for a business, in sats; null: no limit (0028). */
export interface PayoutLimitsTable {
  businessId: string
  perPayoutSat: ColumnType<string | null, number | null, number | null>
  perDaySat: ColumnType<string | null, number | null, number | null>
  setBy: string
  updatedAt: Generated<Date>
}

/** Every decision of the consent policy on money leaving a business, allowed or refused (0028). */
export interface ConsentDecisionsTable {
  id: Generated<string>
  businessId: string | null
  userId: string | null
  actor: 'user' | 'staff'
  action: 'withdrawal' | 'refund' | 'loop_out' | 'autoloop' | 'wallet_replace'
  destination: Generated<string>
  amountSat: ColumnType<string | null, number | null | undefined, number | null>
  outcome: 'allowed' | 'refused'
  reason: Generated<string>
  createdAt: CreatedAt
}

/** A refund of a settled payment, made by a staff member at a device, paid as a withdrawal (0021). */
export interface RefundsTable {
  id: Generated<string>
  businessId: string
  paymentId: string
  deviceId: string | null
  staffId: string | null
  basis: 'fiat' | 'sat'
  amountSat: Int8
  fiatMinor: ColumnType<string | null, number | null | undefined, number | null>
  currency: string
  payout: 'lnurl' | 'destination'
  /** the customer's destination, or the invoice their wallet claimed the LNURL with */
  destination: string | null
  status: Generated<'open' | 'claimed' | 'failed'>
  failureReason: string | null
  /** sha256 of the LNURL-withdraw's k1 */
  k1Hash: string | null
  expiresAt: Date | null
  claimedAt: Date | null
  /** the idempotency key of the withdrawal that pays it */
  withdrawalKey: string
  withdrawalId: string | null
  idempotencyKey: string
  /** the Z report that counted it */
  shiftCloseId: Generated<string | null>
  createdAt: CreatedAt
  updatedAt: Generated<Date>
}

/** The close (Z report) that counted a payment (0021). */
export interface ShiftClosePaymentsTable {
  paymentId: string
  closeId: string
}

/** A device's shift close (Z report), numbered from one per device, with its report (0021). */
export interface ShiftClosesTable {
  id: Generated<string>
  businessId: string
  deviceId: string
  number: number
  staffId: string | null
  openedAt: Date
  closedAt: Generated<Date>
  report: ColumnType<unknown, string, string>
}

/** A Loop swap of a merchant's own node (0023): a row before loopd is asked, followed until final. */
export interface LoopSwapsTable {
  id: Generated<string>
  businessId: string
  userId: string | null
  initiator: 'merchant' | 'autoloop'
  idempotencyKey: string
  swapId: string | null
  amountSat: Int8
  destAddress: string | null
  swapFeeSat: Int8
  prepaySat: Int8
  sweepFeeSat: Int8
  confTarget: Generated<number>
  costSat: ColumnType<string | null, number | null | undefined, number | null>
  status: Generated<LoopSwapStatus>
  failureReason: string | null
  createdAt: CreatedAt
  updatedAt: Generated<Date>
  finishedAt: Date | null
}

/** Which instance holds an own node's channel backup subscription, until when (0023). */
export interface NodeBackupLeasesTable {
  businessId: string
  holder: string
  expiresAt: Date
}

/** The last update of a pool node sent to the operator's tooling; done once lnd is back (0023). */
export interface LndPoolNodeUpdatesTable {
  poolNodeId: string
  version: string
  requestedAt: Generated<Date>
  doneAt: Date | null
}

/** A business's audit log (0032): append-only, a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditEventsTable {
  id: Generated<string>
  businessId: string
  actorKind: 'member' | 'device' | 'staff' | 'operator' | 'system'
  actorId: string | null
  actorName: Generated<string>
  action: string
  subjectKind: string | null
  subjectId: string | null
  subjectName: string | null
  details: ColumnType<Record<string, unknown>, string | undefined, never>
  ip: string | null
  userAgent: string | null
  at: Generated<Date>
}
