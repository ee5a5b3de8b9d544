/**
 * The exchange's books: accounts (one API key each), their balances, nonces, withdrawal keys,
 * deposits, withdrawals and ledger, kept in the world's `kraken` persistence section.
 * Balances are whole satoshis; every change of a balance writes one ledger entry.
 */
import type { Persistence } from '../../world/api'
import { accountId, ledgerId } from './format'

export type FundingMethod = 'Bitcoin' | 'Bitcoin Lightning'

export interface WithdrawKey {
  name: string
  method: FundingMethod
  /** a regtest address, or a BOLT11 invoice kept on file for Lightning ('' when given per call) */
  address: string
  createdAt: number
}

export interface Account {
  id: string
  label: string
  apiKey: string
  secret: string
  /** unix ms */
  createdAt: number
  /** decimal string: nonces may exceed 2^53 */
  lastNonce?: string
  balanceSat: number
  withdrawKeys: WithdrawKey[]
  /** on-chain deposit addresses handed out, oldest first */
  depositAddresses: { address: string; createdAt: number }[]
}

export interface Deposit {
  refid: string
  accountId: string
  method: FundingMethod
  /** on-chain txid, or the payment hash of a Lightning deposit */
  txid: string
  /** the deposit address, or the BOLT11 invoice */
  info: string
  /** txid:vout for on-chain deposits */
  outpoint?: string
  amountSat: number
  feeSat: number
  /** unix seconds when first seen */
  time: number
  status: 'Settled' | 'Success' | 'Failure'
}

export interface Withdrawal {
  refid: string
  accountId: string
  method: FundingMethod
  key: string
  txid: string
  info: string
  /** what the recipient receives */
  amountSat: number
  feeSat: number
  time: number
  status: 'Initial' | 'Pending' | 'Settled' | 'Success' | 'Failure'
}

export interface LedgerEntry {
  id: string
  accountId: string
  refid: string
  /** unix seconds with fraction, as Kraken prints it */
  time: number
  type: 'deposit' | 'withdrawal'
  subtype: string
  asset: 'XXBT'
  amountSat: number
  feeSat: number
  balanceSat: number
}

export interface LightningDepositRequest {
  paymentHash: string
  accountId: string
  amountSat: number
  paymentRequest: string
  /** unix seconds */
  createdAt: number
  expiresAt: number
}

export interface KrakenState {
  accounts: Account[]
  deposits: Deposit[]
  withdrawals: Withdrawal[]
  ledger: LedgerEntry[]
  lightningRequests: LightningDepositRequest[]
}

export class KrakenStore {
  readonly state: KrakenState

  constructor(
    private readonly persistence: Persistence,
    private readonly now: () => number,
  ) {
    this.state = persistence.section<KrakenState>('kraken', () => ({
      accounts: [],
      deposits: [],
      withdrawals: [],
      ledger: [],
      lightningRequests: [],
    }))
  }

  save(): void {
    this.persistence.save()
  }

  createAccount(label: string, apiKey: string, secret: string): Account {
    const account: Account = {
      id: accountId(),
      label,
      apiKey,
      secret,
      createdAt: this.now(),
      balanceSat: 0,
      withdrawKeys: [],
      depositAddresses: [],
    }
    this.state.accounts.push(account)
    this.save()
    return account
  }

  byKey(apiKey: string): Account | undefined {
    return this.state.accounts.find((a) => a.apiKey === apiKey)
  }

  byId(id: string): Account | undefined {
    return this.state.accounts.find((a) => a.id === id)
  }

  /** Moves a balance by `amountSat - feeSat` (amount signed) and writes the ledger entry. */
  post(
    account: Account,
    entry: { refid: string; type: LedgerEntry['type']; amountSat: number; feeSat: number },
  ): LedgerEntry {
    account.balanceSat += entry.amountSat - entry.feeSat
    const ledger: LedgerEntry = {
      id: ledgerId(),
      accountId: account.id,
      refid: entry.refid,
      time: this.now() / 1000,
      type: entry.type,
      subtype: '',
      asset: 'XXBT',
      amountSat: entry.amountSat,
      feeSat: entry.feeSat,
      balanceSat: account.balanceSat,
    }
    this.state.ledger.push(ledger)
    this.save()
    return ledger
  }
}
