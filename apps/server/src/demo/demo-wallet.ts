/**
 * The demo wallet: in demo mode only, the simulated network's payer as a wallet the app can use,
 * so a newcomer pays, funds a channel and receives a withdrawal with no terminal command. It
 * pays what the product shows (a Lightning invoice, a BIP21 URI, a Bitcoin address, a Lightning
 * address), mines blocks, mints ecash, makes invoices and addresses to withdraw to, and reports
 * its balance and history. It talks to the simulated network's control API (loopback only); a
 * production server never creates it.
 */
import { parseDestination, type BitcoinNetwork } from '@app/domain'
import type { PayerActivity } from '@app/simnet'
import { DomainError } from '../lib/errors'

/** What the demo wallet did, as the simulated network reports it. */
export type DemoActivity = PayerActivity

export interface DemoWalletSummary {
  onchainSat: number
  unconfirmedSat: number
  lightningSat: number
  lightningAddress: string
  activity: DemoActivity[]
}

export type DemoPayment =
  | { kind: 'lightning'; amountSat: number; feeSat: number }
  | { kind: 'onchain'; amountSat: number; txid: string }

class SimnetRefusal extends Error {}

export function createDemoWallet(opts: { simnetUrl: string; network: BitcoinNetwork }) {
  const base = opts.simnetUrl.replace(/\/$/, '')

  async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${base}/control${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      })
    } catch {
      throw new DomainError('DEMO_WALLET_FAILED', 'The simulated network did not answer')
    }
    const parsed = (await res.json().catch(() => ({}))) as T & { error?: string }
    if (res.status >= 400 && res.status < 500) {
      throw new SimnetRefusal(parsed.error ?? `refused (${res.status})`)
    }
    if (!res.ok) throw new DomainError('DEMO_WALLET_FAILED', `simnet ${res.status}`)
    return parsed
  }

  /** The simulated network's refusal (no route, not enough funds) as the catalogue's error. */
  async function refusing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof SimnetRefusal) {
        throw new DomainError('DEMO_WALLET_FAILED', err.message, { reason: err.message })
      }
      throw err
    }
  }

  async function payInvoice(invoice: string, amountSat: number | null): Promise<DemoPayment> {
    const paid = await control<{
      payment: { status: string; valueMsat: number; feeMsat: number; failureReason?: string }
    }>('POST', '/pay', { invoice, ...(amountSat ? { amountSat } : {}) })
    if (paid.payment.status !== 'SUCCEEDED') {
      const reason = paid.payment.failureReason ?? 'the payment failed'
      throw new DomainError('DEMO_WALLET_FAILED', reason, { reason })
    }
    return {
      kind: 'lightning',
      amountSat: Math.floor(paid.payment.valueMsat / 1000),
      feeSat: Math.ceil(paid.payment.feeMsat / 1000),
    }
  }

  async function send(address: string, amountSat: number): Promise<DemoPayment> {
    const sent = await control<{ txid: string }>('POST', '/send', { address, amountSat })
    return { kind: 'onchain', amountSat, txid: sent.txid }
  }

  const amountNeeded = () =>
    new DomainError('DEMO_WALLET_AMOUNT_NEEDED', 'Enter the amount to pay to this address')

  return {
    /**
     * Pays what the product shows: an invoice, a BIP21 URI (its Lightning invoice when it has
     * one), a Bitcoin address or a Lightning address (`amountSat` where the request has none).
     */
    pay(request: string, amountSat: number | null): Promise<DemoPayment> {
      return refusing(async () => {
        const parsed = parseDestination(request, opts.network)
        if (!parsed.ok) throw new DomainError(parsed.code, parsed.reason)
        const d = parsed.destination
        if (d.type === 'bolt11') return payInvoice(d.invoice, d.amountSat ? null : amountSat)
        if ('address' in d) {
          if (d.lightning) {
            return payInvoice(d.lightning.invoice, d.lightning.amountSat ? null : amountSat)
          }
          const sat = d.amountSat ?? amountSat
          if (!sat) throw amountNeeded()
          return send(d.address, sat)
        }
        if (d.type === 'lnurl') {
          throw new DomainError('WITHDRAW_INVALID_DESTINATION', 'the demo wallet pays no LNURL')
        }
        if (!amountSat) throw amountNeeded()
        return payInvoice(d.text, amountSat)
      })
    },

    /** Mines `blocks` blocks: what was sent on chain gets its confirmations. */
    async mine(blocks: number): Promise<{ height: number }> {
      return refusing(() => control<{ height: number }>('POST', '/mine', { blocks }))
    },

    /** A Cashu token of `amountSat` from the simulated mint, paid by the demo wallet. */
    async mintToken(amountSat: number): Promise<{ token: string }> {
      return refusing(() => control<{ token: string }>('POST', '/cashu/token', { amountSat }))
    },

    /** An invoice of the demo wallet's node, to withdraw to. */
    async invoice(amountSat: number, memo: string): Promise<{ paymentRequest: string }> {
      return refusing(() =>
        control<{ paymentRequest: string }>('POST', '/payer/invoices', { amountSat, memo }),
      )
    },

    /** A fresh on-chain address of the demo wallet, to withdraw to. */
    async address(): Promise<{ address: string }> {
      return refusing(() => control<{ address: string }>('POST', '/wallets/payer/address', {}))
    },

    async summary(): Promise<DemoWalletSummary> {
      const [balances, { activity }] = await Promise.all([
        control<{
          onchain: { confirmedSat: number; unconfirmedSat: number }
          lightning: { localSat: number }
        }>('GET', '/balances/payer'),
        control<{ activity: DemoActivity[] }>('GET', '/payer/activity'),
      ])
      return {
        onchainSat: balances.onchain.confirmedSat,
        unconfirmedSat: balances.onchain.unconfirmedSat,
        lightningSat: balances.lightning.localSat,
        lightningAddress: `payer@${new URL(base).host}`,
        activity,
      }
    },
  }
}

export type DemoWallet = ReturnType<typeof createDemoWallet>
