/** Asking the wallet to pay a claimed withdrawal, and recording what it answered. */
import { withdrawsToRegistered, type SendingWallet } from '../../wallets/wallet'
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
  async function send(wallet: SendingWallet, row: WithdrawalRow, p: Plan): Promise<void> {
    if (p.via === 'exchange') {
      if (!withdrawsToRegistered(wallet)) throw new Error('not an exchange account')
      try {
        const { refid } = await wallet.withdraw(
          p.key,
          p.amountSat,
          p.feeSat,
          undefined,
          p.invoice?.invoice,
        )
        const state = await wallet.withdrawalState({ refid }).catch(() => null)
        await finish(row.id, {
          status:
            state?.status === 'succeeded'
              ? 'succeeded'
              : state?.status === 'failed'
                ? 'failed'
                : 'unknown',
          exchangeRef: refid,
          txid: state?.txid ?? null,
          feeSat: state?.feeSat ?? p.feeSat,
          failureReason: state?.status === 'failed' ? 'the exchange failed it' : null,
        })
      } catch (err) {
        // Kraken's own refusal (EFunding, EGeneral) is final; no answer at all is not
        const refused = err instanceof Error && /^E[A-Z][a-zA-Z]+:/.test(err.message)
        deps.log?.(`withdrawal ${row.id} exchange`, err)
        await finish(row.id, {
          status: refused ? 'failed' : 'unknown',
          failureReason: err instanceof Error ? err.message.slice(0, 300) : 'no answer',
        })
      }
      return
    }
    if (p.rail === 'lightning') {
      const out = await wallet.sendLightning({
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
    try {
      const { txid } = await wallet.sendOnchain({
        address: p.address,
        amountSat: p.amountSat,
        sendAll: p.sendAll,
        satPerVbyte: p.satPerVbyte,
        label: labelOf(row.id),
      })
      const sent = await wallet.findOnchainSend(labelOf(row.id)).catch(() => null)
      await finish(row.id, { status: 'succeeded', txid, feeSat: sent?.feeSat ?? p.feeSat })
    } catch (err) {
      // The node's own refusal is final; anything else may have broadcast: followed up later.
      const refused =
        err instanceof Error &&
        err.name === 'LndError' &&
        !/timeout|deadline|unavailable/i.test(err.message)
      deps.log?.(`withdrawal ${row.id} on-chain send`, err)
      await finish(row.id, {
        status: refused ? 'failed' : 'unknown',
        failureReason: err instanceof Error ? err.message.slice(0, 300) : 'no answer',
      })
    }
  }

  return send
}
