/**
 * Deposits: DepositMethods, DepositAddresses and DepositStatus, and the watchers that credit an
 * account when its Lightning invoice settles or its on-chain deposit reaches enough confirmations.
 */
import type { World } from '../../world/api'
import type { ChainTx } from '../../world/chain-api'
import type { LnInvoice, LnNode } from '../../world/lightning-api'
import type { PrivateHandler } from './account'
import { assetId } from './assets'
import { KrakenError, KrakenErrors } from './errors'
import { depositRefId, parseXbtToSat, satToXbt } from './format'
import { depositView, filterFunding, paginate } from './listing'
import type { Account, Deposit, KrakenStore } from './store'

/** Kraken credits bitcoin deposits after this many confirmations. */
export const DEPOSIT_CONFIRMATIONS = 3
const ONCHAIN_MIN_SAT = 10_000
const LIGHTNING_MIN_SAT = 1_000
const LIGHTNING_EXPIRY_SEC = 3_600

/** The chain wallet owner of an account's deposit addresses. */
const depositOwner = (account: Account): string => `kraken:${account.id}`

type Params = Record<string, string>

function requireXbt(params: Params): void {
  if (params.asset === undefined || params.asset === '') {
    throw new KrakenError(KrakenErrors.invalidArguments)
  }
  const id = assetId(params.asset)
  if (id === undefined) throw new KrakenError(KrakenErrors.fundingUnknownAsset)
  if (id !== 'XXBT') throw new KrakenError(KrakenErrors.noFundingMethod)
}

export class Deposits {
  private readonly unsubscribe: (() => void)[] = []

  constructor(
    private readonly world: World,
    private readonly store: KrakenStore,
    private readonly node: LnNode,
  ) {}

  /** Watches the chain and the exchange's node, after catching up with what happened while down. */
  start(): void {
    for (const account of this.store.state.accounts) {
      for (const { address } of account.depositAddresses) {
        for (const tx of this.world.chain.addressTxs(address)) this.noticeTx(tx)
      }
    }
    for (const request of this.store.state.lightningRequests) {
      const invoice = this.node.lookupInvoice(request.paymentHash)
      if (invoice) this.noticeInvoice(invoice)
    }
    this.confirm()
    this.unsubscribe.push(
      this.world.chain.on('tx', (tx) => this.noticeTx(tx)),
      this.world.chain.on('block', () => this.confirm()),
      this.node.on('invoice', (invoice) => this.noticeInvoice(invoice)),
    )
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off()
  }

  handlers(): Record<string, PrivateHandler> {
    return {
      DepositMethods: (_account, params) => {
        requireXbt(params)
        return [
          {
            method: 'Bitcoin',
            limit: false,
            fee: '0.0000000000',
            'gen-address': true,
            minimum: satToXbt(ONCHAIN_MIN_SAT, 8),
          },
          {
            method: 'Bitcoin Lightning',
            limit: false,
            fee: '0.0000000000',
            'gen-address': true,
            minimum: satToXbt(LIGHTNING_MIN_SAT, 8),
          },
        ]
      },
      DepositAddresses: (account, params) => {
        requireXbt(params)
        const method = params.method?.toLowerCase()
        if (method === 'bitcoin') return this.onchainAddresses(account, params.new === 'true')
        if (method === 'bitcoin lightning') return this.lightningInvoice(account, params.amount)
        if (method === undefined) throw new KrakenError(KrakenErrors.invalidArguments)
        throw new KrakenError(KrakenErrors.noFundingMethod)
      },
      DepositStatus: (account, params) => {
        const mine = this.store.state.deposits.filter((d) => d.accountId === account.id)
        return paginate(filterFunding(mine, params).map(depositView), params, 'deposit', 25)
      },
    }
  }

  private onchainAddresses(account: Account, isNew: boolean): unknown {
    if (isNew) {
      const address = this.world.chain.newAddress(depositOwner(account))
      account.depositAddresses.push({ address, createdAt: this.world.clock.now() })
      this.store.save()
      return [{ address, expiretm: '0', new: true }]
    }
    return account.depositAddresses
      .slice()
      .reverse()
      .map(({ address }) => ({ address, expiretm: '0' }))
  }

  private async lightningInvoice(account: Account, amount: string | undefined): Promise<unknown> {
    const amountSat = parseXbtToSat(amount)
    if (amountSat === undefined) throw new KrakenError(KrakenErrors.invalidArguments)
    if (amountSat < LIGHTNING_MIN_SAT) throw new KrakenError(KrakenErrors.invalidAmount)
    const invoice = await this.node.addInvoiceAsync({
      valueMsat: amountSat * 1000,
      memo: 'Kraken deposit',
      expirySec: LIGHTNING_EXPIRY_SEC,
    })
    const expiresAt = invoice.createdAt + invoice.expirySec
    this.store.state.lightningRequests.push({
      paymentHash: invoice.paymentHash,
      accountId: account.id,
      amountSat,
      paymentRequest: invoice.paymentRequest,
      createdAt: invoice.createdAt,
      expiresAt,
    })
    this.store.save()
    return [{ address: invoice.paymentRequest, expiretm: String(expiresAt), new: true }]
  }

  private noticeInvoice(invoice: LnInvoice): void {
    if (invoice.state !== 'SETTLED') return
    const request = this.store.state.lightningRequests.find(
      (r) => r.paymentHash === invoice.paymentHash,
    )
    const account = request && this.store.byId(request.accountId)
    if (!request || !account) return
    if (this.store.state.deposits.some((d) => d.txid === invoice.paymentHash)) return
    const deposit: Deposit = {
      refid: depositRefId(),
      accountId: account.id,
      method: 'Bitcoin Lightning',
      txid: invoice.paymentHash,
      info: invoice.paymentRequest,
      amountSat: Math.floor(invoice.amtPaidMsat / 1000),
      feeSat: 0,
      time: invoice.settledAt ?? Math.floor(this.world.clock.now() / 1000),
      status: 'Success',
    }
    this.store.state.deposits.push(deposit)
    this.store.post(account, {
      refid: deposit.refid,
      type: 'deposit',
      amountSat: deposit.amountSat,
      feeSat: 0,
    })
  }

  private noticeTx(tx: ChainTx): void {
    tx.vout.forEach((out, vout) => {
      const owner = this.world.chain.ownerOf(out.address)
      if (!owner?.startsWith('kraken:')) return
      const account = this.store.byId(owner.slice('kraken:'.length))
      if (!account) return
      const outpoint = `${tx.txid}:${vout}`
      if (this.store.state.deposits.some((d) => d.outpoint === outpoint)) return
      this.store.state.deposits.push({
        refid: depositRefId(),
        accountId: account.id,
        method: 'Bitcoin',
        txid: tx.txid,
        info: out.address,
        outpoint,
        amountSat: out.valueSat,
        feeSat: 0,
        time: tx.firstSeen,
        status: 'Settled',
      })
      this.store.save()
    })
  }

  /** Credits on-chain deposits that have reached the confirmations Kraken asks for. */
  private confirm(): void {
    for (const deposit of this.store.state.deposits) {
      if (deposit.method !== 'Bitcoin' || deposit.status !== 'Settled') continue
      if (this.world.chain.confirmations(deposit.txid) < DEPOSIT_CONFIRMATIONS) continue
      const account = this.store.byId(deposit.accountId)
      if (!account) continue
      deposit.status = 'Success'
      this.store.post(account, {
        refid: deposit.refid,
        type: 'deposit',
        amountSat: deposit.amountSat,
        feeSat: 0,
      })
    }
  }
}
