/**
 * Withdrawals to pre-approved keys: Withdraw, WithdrawInfo, WithdrawStatus, WithdrawMethods and
 * WithdrawAddresses. On-chain withdrawals are paid from the exchange's hot wallet; Lightning
 * ones from its node. The requested amount includes Kraken's fee, as on Kraken.
 */
import type { World } from '../../world/api'
import type { LnNode } from '../../world/lightning-api'
import type { PrivateHandler } from './account'
import { assetId } from './assets'
import { KrakenError, KrakenErrors } from './errors'
import { parseXbtToSat, satToXbt, withdrawalRefId } from './format'
import { filterFunding, paginate, withdrawalView } from './listing'
import type { Account, FundingMethod, KrakenStore, Withdrawal, WithdrawKey } from './store'

export const HOT_WALLET = 'kraken:hot'
const HOT_WALLET_FLOOR_SAT = 500_000_000
const HOT_WALLET_TOP_UP_SAT = 2_000_000_000
export const ONCHAIN_FEE_SAT = 2_000
const ONCHAIN_MIN_SAT = 50_000
const LIGHTNING_FEE_SAT = 0
const LIGHTNING_MIN_SAT = 1_000

type Params = Record<string, string>

const feeFor = (method: FundingMethod): number =>
  method === 'Bitcoin' ? ONCHAIN_FEE_SAT : LIGHTNING_FEE_SAT
const minimumFor = (method: FundingMethod): number =>
  method === 'Bitcoin' ? ONCHAIN_MIN_SAT : LIGHTNING_MIN_SAT

function requireXbt(params: Params): void {
  if (params.asset === undefined || params.asset === '') {
    throw new KrakenError(KrakenErrors.invalidArguments)
  }
  const id = assetId(params.asset)
  if (id === undefined) throw new KrakenError(KrakenErrors.fundingUnknownAsset)
  if (id !== 'XXBT') throw new KrakenError(KrakenErrors.noFundingMethod)
}

function findKey(account: Account, name: string | undefined): WithdrawKey {
  const key = account.withdrawKeys.find((k) => k.name === name)
  if (!key) throw new KrakenError(KrakenErrors.unknownWithdrawKey)
  return key
}

interface Plan {
  key: WithdrawKey
  /** what the client asked for, fee included */
  grossSat: number
  feeSat: number
  /** the BOLT11 to pay, for Lightning */
  invoice?: string
}

export class Withdrawals {
  private unsubscribe: (() => void) | null = null

  constructor(
    private readonly world: World,
    private readonly store: KrakenStore,
    private readonly node: LnNode,
  ) {}

  start(): void {
    this.confirm()
    this.unsubscribe = this.world.chain.on('block', () => this.confirm())
  }

  stop(): void {
    this.unsubscribe?.()
  }

  handlers(): Record<string, PrivateHandler> {
    return {
      WithdrawMethods: (_account, params) => {
        if (params.asset !== undefined) requireXbt(params)
        return (['Bitcoin', 'Bitcoin Lightning'] as const).map((method) => ({
          asset: 'XXBT',
          method,
          network: method === 'Bitcoin' ? 'Bitcoin' : 'Lightning',
          minimum: satToXbt(minimumFor(method), 8),
        }))
      },
      WithdrawAddresses: (account, params) => {
        if (params.asset !== undefined) requireXbt(params)
        const method = params.method?.toLowerCase()
        return account.withdrawKeys
          .filter((k) => method === undefined || k.method.toLowerCase() === method)
          .filter((k) => params.key === undefined || k.name === params.key)
          .map((k) => ({
            address: k.address,
            asset: 'XXBT',
            method: k.method,
            key: k.name,
            verified: true,
          }))
      },
      WithdrawInfo: (account, params) => {
        requireXbt(params)
        const key = findKey(account, params.key)
        const grossSat = parseXbtToSat(params.amount)
        if (grossSat === undefined) throw new KrakenError(KrakenErrors.invalidArguments)
        const feeSat = feeFor(key.method)
        return {
          method: key.method,
          limit: satToXbt(Math.max(0, account.balanceSat - feeSat)),
          amount: satToXbt(Math.max(0, grossSat - feeSat)),
          fee: satToXbt(feeSat),
        }
      },
      Withdraw: (account, params) => {
        requireXbt(params)
        const plan = this.plan(account, params)
        return { refid: this.execute(account, plan).refid }
      },
      WithdrawStatus: (account, params) => {
        const mine = this.store.state.withdrawals.filter((w) => w.accountId === account.id)
        return paginate(filterFunding(mine, params).map(withdrawalView), params, 'withdrawals', 500)
      },
    }
  }

  /** Every check Kraken makes before accepting a withdrawal, in its order. */
  private plan(account: Account, params: Params): Plan {
    if (params.key === undefined || params.amount === undefined) {
      throw new KrakenError(KrakenErrors.invalidArguments)
    }
    const key = findKey(account, params.key)
    const grossSat = parseXbtToSat(params.amount)
    if (grossSat === undefined) throw new KrakenError(KrakenErrors.invalidArguments)
    const feeSat = feeFor(key.method)
    let invoice: string | undefined
    if (key.method === 'Bitcoin') {
      if (params.address !== undefined && params.address !== key.address) {
        throw new KrakenError(KrakenErrors.invalidWithdrawalAddress)
      }
    } else {
      invoice = params.address?.toLowerCase().startsWith('ln') ? params.address : key.address
      if (!invoice) throw new KrakenError(KrakenErrors.invalidWithdrawalAddress)
      let valueMsat: number
      try {
        valueMsat = this.world.lightning.decode(invoice).valueMsat
      } catch {
        throw new KrakenError(KrakenErrors.invalidWithdrawalAddress)
      }
      if (valueMsat > 0 && Math.ceil(valueMsat / 1000) !== grossSat - feeSat) {
        throw new KrakenError(KrakenErrors.invalidAmount)
      }
    }
    if (grossSat < minimumFor(key.method) || grossSat <= feeSat) {
      throw new KrakenError(KrakenErrors.invalidAmount)
    }
    const maxFeeSat =
      params.max_fee !== undefined ? (parseXbtToSat(params.max_fee) ?? 0) : undefined
    if (maxFeeSat !== undefined && feeSat > maxFeeSat) {
      throw new KrakenError(KrakenErrors.maxFeeExceeded)
    }
    if (grossSat > account.balanceSat) throw new KrakenError(KrakenErrors.insufficientFunds)
    return { key, grossSat, feeSat, invoice }
  }

  private execute(account: Account, plan: Plan): Withdrawal {
    const netSat = plan.grossSat - plan.feeSat
    const withdrawal: Withdrawal = {
      refid: withdrawalRefId(),
      accountId: account.id,
      method: plan.key.method,
      key: plan.key.name,
      txid: '',
      info: plan.invoice ?? plan.key.address,
      amountSat: netSat,
      feeSat: plan.feeSat,
      time: Math.floor(this.world.clock.now() / 1000),
      status: 'Pending',
    }
    if (plan.key.method === 'Bitcoin') {
      this.fundHotWallet(netSat)
      const rate = this.world.chain.feeEstimates()['6'] ?? 2
      const tx = this.world.chain.send(
        HOT_WALLET,
        [{ address: plan.key.address, amountSat: netSat }],
        { feeRateSatPerVbyte: rate, label: `kraken withdrawal ${withdrawal.refid}` },
      )
      withdrawal.txid = tx.txid
      withdrawal.status = 'Settled'
    }
    this.store.state.withdrawals.push(withdrawal)
    this.store.post(account, {
      refid: withdrawal.refid,
      type: 'withdrawal',
      amountSat: -netSat,
      feeSat: plan.feeSat,
    })
    if (plan.invoice) void this.payLightning(account, withdrawal, plan.invoice)
    return withdrawal
  }

  private async payLightning(account: Account, w: Withdrawal, invoice: string): Promise<void> {
    const decoded = this.world.lightning.decode(invoice)
    w.txid = decoded.paymentHash
    try {
      const payment = await this.node.pay(invoice, {
        amountMsat: decoded.valueMsat > 0 ? undefined : w.amountSat * 1000,
      })
      w.status = payment.status === 'SUCCEEDED' ? 'Success' : 'Failure'
    } catch {
      w.status = 'Failure'
    }
    if (w.status === 'Failure') {
      // The funds go back to the account, as Kraken returns a failed withdrawal.
      this.store.post(account, {
        refid: w.refid,
        type: 'withdrawal',
        amountSat: w.amountSat + w.feeSat,
        feeSat: 0,
      })
    }
    this.store.save()
  }

  /** The exchange keeps a deep hot wallet; it is refilled from the faucet when it runs low. */
  private fundHotWallet(neededSat: number): void {
    const { confirmedSat, unconfirmedSat } = this.world.chain.balance(HOT_WALLET)
    if (confirmedSat + unconfirmedSat >= Math.max(HOT_WALLET_FLOOR_SAT, neededSat * 2)) return
    const amount = Math.max(HOT_WALLET_TOP_UP_SAT, neededSat * 2)
    this.world.chain.faucet(this.world.chain.newAddress(HOT_WALLET), amount)
  }

  private confirm(): void {
    let changed = false
    for (const w of this.store.state.withdrawals) {
      if (w.method !== 'Bitcoin' || w.status !== 'Settled') continue
      if (this.world.chain.confirmations(w.txid) < 1) continue
      w.status = 'Success'
      changed = true
    }
    if (changed) this.store.save()
  }
}
