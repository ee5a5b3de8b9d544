import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { formatSatNumber } from '@/lib/money-format'
import { ConfirmationRing } from './confirmation-ring'
import {
  minutesToConfirm,
  type Deposit,
  type DepositStage,
  type StageState,
} from './deposit-progress'

/** What a stage of the deposit says under its title: the payment, the confirmations left... */
export function StageDetail({
  stage,
  state,
  deposit,
}: {
  stage: DepositStage
  state: StageState
  deposit: Deposit
}) {
  const { t } = useTranslation()
  const hint = (text: string) => <p className="mt-0.5 text-xs text-muted-foreground">{text}</p>
  if (stage === 'payment') {
    if (state === 'current' && !deposit.txid) return hint(t('deposit.progress.payment.waiting'))
    if (deposit.txid) {
      return (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>
            {state === 'current'
              ? t('deposit.progress.payment.partial', {
                  received: formatSatNumber(deposit.receivedSat),
                  amount: formatSatNumber(deposit.amountSat),
                })
              : t('deposit.progress.payment.received', {
                  amount: formatSatNumber(deposit.receivedSat),
                })}
          </span>
          <span className="font-mono" translate="no">
            {deposit.txid.slice(0, 10)}…{deposit.txid.slice(-6)}
          </span>
          <CopyButton
            value={deposit.txid}
            label={t('deposit.progress.payment.copyTxid')}
            size="sm"
            variant="ghost"
            className="h-6 px-2 text-xs"
          />
        </div>
      )
    }
    return null
  }
  if (stage === 'confirmations') {
    if (state === 'current') {
      const minutes = minutesToConfirm(deposit)
      return (
        <div className="mt-2 flex items-center gap-4">
          <ConfirmationRing
            confirmations={deposit.confirmations}
            required={deposit.requiredConfirmations}
          />
          <div className="text-sm">
            <p className="font-medium tabular-nums">
              {t('deposit.confirmationsOf', {
                count: deposit.confirmations,
                required: deposit.requiredConfirmations,
              })}
            </p>
            <p className="text-xs text-muted-foreground">
              {minutes > 0
                ? t('deposit.progress.confirmations.minutesLeft', { count: minutes })
                : t('deposit.progress.confirmations.almost')}
            </p>
          </div>
        </div>
      )
    }
    return state === 'upcoming'
      ? hint(t('deposit.progress.confirmations.hint', { required: deposit.requiredConfirmations }))
      : null
  }
  if (stage === 'channel') {
    if (state === 'current') return hint(t('deposit.progress.channel.opening'))
    if (state === 'upcoming') return hint(t('deposit.progress.channel.hint'))
    if (state === 'failed') return hint(t('deposit.channel.failedTitle'))
    if (state === 'manual') return hint(t('deposit.channel.manualTitle'))
    return null
  }
  return state === 'done' ? hint(t('deposit.progress.ready.done')) : null
}
