/**
 * Following up a withdrawal left `sending` (a crash) or `unknown` (a lost answer): its wallet is
 * asked where it stands (lnd track, the node's transactions, the exchange's WithdrawStatus) until
 * it is final; one the wallet never saw is failed after a grace period. An NWC wallet's
 * NOT_FOUND is not "never saw": its adapter answers failed only with proof (nwc-send.ts).
 */
import type { WalletProvider } from '../../wallets/wallet-provider'
import { labelOf } from './plan'
import type { WithdrawalRepo, WithdrawalRow } from './repo'

type Finish = (id: string, f: Parameters<WithdrawalRepo['finish']>[1]) => Promise<unknown>

export function createResolver({
  repo,
  wallets,
  finish,
}: {
  repo: WithdrawalRepo
  wallets: WalletProvider
  finish: Finish
}) {
  /** Follows up one row left sending (a crash) or unknown: asks the wallet where it stands. */
  async function resolve(row: WithdrawalRow, graceMs: number, signal?: AbortSignal): Promise<void> {
    const wallet = await wallets.forBusiness(row.businessId)
    if (!wallet) return
    const old = Date.now() - (row.sentAt ?? row.updatedAt).getTime() > graceMs
    if (row.exchangeKey) {
      // sent through the exchange: asked of the exchange (another wallet since cannot tell)
      if (!wallet.registeredWithdrawals) return
      const state = await wallet.registeredWithdrawals.state(
        row.exchangeRef
          ? { refid: row.exchangeRef }
          : {
              key: row.exchangeKey,
              amountSat: Number(row.amountSat),
              since: row.sentAt ?? row.createdAt,
            },
        signal,
      )
      if (state === null) {
        if (old) {
          await finish(row.id, {
            status: 'failed',
            failureReason: 'never reached the exchange',
          })
        }
        return
      }
      if (state.status === 'pending') {
        if (row.status === 'sending' || !row.exchangeRef) {
          await finish(row.id, { status: 'unknown', exchangeRef: state.refid })
        } else await repo.touch(row.id)
        return
      }
      await finish(row.id, {
        status: state.status,
        exchangeRef: state.refid,
        txid: state.txid,
        feeSat: state.feeSat,
        failureReason: state.status === 'failed' ? 'the exchange failed it' : null,
      })
      return
    }
    if (row.rail === 'lightning' && row.paymentHash) {
      if (!wallet.lightningSender) return
      const out = await wallet.lightningSender.track(row.paymentHash, signal, row.sentAt)
      if (out === null) {
        // the wallet never saw it: nothing went out
        if (old) {
          await finish(row.id, {
            status: 'failed',
            failureReason: 'never reached the wallet',
          })
        }
        return
      }
      if (out.status === 'unknown') {
        if (row.status === 'sending') await finish(row.id, { status: 'unknown' })
        else await repo.touch(row.id)
        return
      }
      await finish(row.id, {
        status: out.status,
        feeSat: out.status === 'succeeded' ? out.feeSat : null,
        preimage: out.preimage,
        failureReason: out.status === 'succeeded' ? null : out.failureReason,
      })
      return
    }
    if (row.rail === 'onchain') {
      if (!wallet.onchainSender) return
      const sent = await wallet.onchainSender.find(labelOf(row.id), signal)
      if (sent) {
        await finish(row.id, { status: 'succeeded', txid: sent.txid, feeSat: sent.feeSat })
      } else if (old) {
        await finish(row.id, { status: 'failed', failureReason: 'never reached the wallet' })
      } else if (row.status === 'sending') {
        await finish(row.id, { status: 'unknown' })
      }
    }
  }

  return resolve
}
