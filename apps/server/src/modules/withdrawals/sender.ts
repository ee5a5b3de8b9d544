/** Asking the wallet to pay a claimed withdrawal, and recording what it answered. */
import type { Wallet } from '../../wallets/wallet'
import { labelOf, type Plan } from './plan'
import type { WithdrawalRepo, WithdrawalRow } from './repo'

type Finish = (id: string, f: Parameters<WithdrawalRepo['finish']>[1]) => Promise<unknown>

export function createSender(deps: {
  finish: Finish
  /** how long the wallet may look for a Lightning route */
  timeoutSec: number
  log?: (msg: string, err?: unknown) => void
}) {
  const { finish, timeoutSec } = deps

  /** Asks the wallet to pay a claimed row and records what it said. */
  async function send(wallet: Wallet, row: WithdrawalRow, p: Plan): Promise<void> {
    const cannot = (what: string) => new Error(`the wallet planned for cannot ${what}`)
    if (p.via === 'exchange') {
      const exchange = wallet.registeredWithdrawals
      if (!exchange) throw cannot('withdraw to a registered destination')
      const out = await exchange.withdraw({
        key: p.key,
        amountSat: p.amountSat,
        feeSat: p.feeSat,
        invoice: p.invoice?.invoice,
      })
      if (out.status !== 'sent') {
        deps.log?.(`withdrawal ${row.id} exchange: ${out.failureReason}`)
        await finish(row.id, out)
        return
      }
      const state = await exchange.state({ refid: out.refid }).catch(() => null)
      await finish(row.id, {
        status:
          state?.status === 'succeeded'
            ? 'succeeded'
            : state?.status === 'failed'
              ? 'failed'
              : 'unknown',
        exchangeRef: out.refid,
        txid: state?.txid ?? null,
        feeSat: state?.feeSat ?? p.feeSat,
        failureReason: state?.status === 'failed' ? 'the exchange failed it' : null,
      })
      return
    }
    if (p.rail === 'lightning') {
      if (!wallet.lightningSender) throw cannot('pay invoices')
      const out = await wallet.lightningSender.send({
        paymentRequest: p.invoice.invoice,
        paymentHash: p.invoice.paymentHash,
        feeLimitSat: p.feeLimitSat,
        timeoutSec,
        sentAt: row.sentAt ?? row.createdAt,
        ...(p.payAmountSat ? { amountSat: p.payAmountSat } : {}),
      })
      await finish(row.id, {
        status: out.status,
        feeSat: out.status === 'succeeded' ? out.feeSat : null,
        preimage: out.preimage,
        failureReason: out.status === 'succeeded' ? null : out.failureReason,
      })
      return
    }
    const sender = wallet.onchainSender
    if (!sender) throw cannot('send on chain')
    const out = await sender.send({
      address: p.address,
      amountSat: p.amountSat,
      sendAll: p.sendAll,
      satPerVbyte: p.satPerVbyte,
      label: labelOf(row.id),
    })
    if (out.status !== 'succeeded') {
      // unknown: it may have been broadcast, and is followed up by its label
      deps.log?.(`withdrawal ${row.id} on-chain send: ${out.failureReason}`)
      await finish(row.id, out)
      return
    }
    const sent = await sender.find(labelOf(row.id)).catch(() => null)
    await finish(row.id, { status: 'succeeded', txid: out.txid, feeSat: sent?.feeSat ?? p.feeSat })
  }

  return send
}
