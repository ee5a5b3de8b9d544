import { ArrowLeft, ExternalLink, Zap } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { CopyButton } from '@/components/copy-button'
import { PaymentAmount } from '@/components/payments/payment-amount'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { onchainStage } from './onchain-stage'
import type { Payment } from '@/components/payments/payment-data'
import { WaitingForPayment } from './waiting-for-payment'
import { addressGroups, formatBtc, formatSatNumber } from '@/lib/money-format'
import { MineBlock, PayWithDemoWallet } from '@/components/demo/demo'

/** The address in groups of four, every other group in a lighter tone. */
function AddressGroups({ address, className }: { address: string; className?: string }) {
  return (
    <p
      className={cn('font-mono text-base leading-relaxed break-all', className)}
      translate="no"
      aria-label={address}
    >
      {addressGroups(address).map((group, index) => (
        <span
          key={index}
          aria-hidden
          className={cn('mr-1.5 inline-block', index % 2 === 1 && 'text-muted-foreground')}
        >
          {group}
        </span>
      ))}
    </p>
  )
}

/** A transaction id as block explorers show it: monospaced in full, with Copy. */
export function TransactionId({ txid }: { txid: string }) {
  const { t } = useTranslation()
  return (
    <div className="grid w-full gap-1.5 rounded-lg border border-border bg-muted/50 p-3 text-left">
      <p className="text-xs font-medium text-muted-foreground">{t('payments.onchain.txid')}</p>
      <p className="font-mono text-xs leading-relaxed break-all" translate="no">
        {txid}
      </p>
      <CopyButton
        value={txid}
        label={t('payments.copy.txid')}
        size="sm"
        className="justify-self-start"
      />
    </div>
  )
}

/**
 * An on-chain payment before it is confirmed: the address to pay with its BIP21 QR code, then,
 * once a transaction is seen, its confirmations with the amount dimmed until it is confirmed.
 */
export function OnchainInvoice({
  payment,
  address,
  bip21,
  onChangeAmount,
}: {
  payment: Payment
  address: string
  bip21: string
  onChangeAmount: () => void
}) {
  const { t } = useTranslation()
  const stage = onchainStage(payment)
  const isReceiving = stage === 'receiving'
  const hasLightning = /[?&]lightning=/i.test(bip21)
  const isPartial = payment.receivedSat > 0 && payment.receivedSat < payment.amountSat

  return (
    <div className="grid gap-5 md:grid-cols-2 md:gap-x-10">
      <div className="grid justify-items-center gap-1 text-center md:col-start-2 md:row-start-1 md:self-end">
        {isReceiving && (
          <Badge variant="warning" className="mb-1 animate-pulse text-sm">
            {t('payments.onchain.receiving')}
          </Badge>
        )}
        {/* Dimmed until the transaction is confirmed. */}
        <div className={cn('transition-opacity', isReceiving && 'opacity-50')}>
          <PaymentAmount payment={payment} />
          <p className="text-sm text-muted-foreground tabular-nums">
            {formatBtc(payment.amountSat)}
          </p>
        </div>
        {payment.memo && (
          <p className="text-sm break-words text-muted-foreground">{payment.memo}</p>
        )}
      </div>

      <div className="md:col-start-1 md:row-span-2 md:row-start-1 md:self-center">
        {isReceiving ? (
          <Confirmations payment={payment} />
        ) : (
          <QrCodeButton value={bip21} copyValue={address} label={t('payments.qr.onchainLabel')} />
        )}
      </div>

      <div className="grid content-start gap-4 md:col-start-2 md:row-start-2">
        {isReceiving ? (
          <>
            {isPartial && (
              <p className="text-center text-sm font-medium text-warning-foreground">
                {t('payments.onchain.partial', {
                  received: t('payments.sats', { amount: formatSatNumber(payment.receivedSat) }),
                  due: t('payments.sats', {
                    amount: formatSatNumber(payment.amountSat - payment.receivedSat),
                  }),
                })}
              </p>
            )}
            {payment.txid && <TransactionId txid={payment.txid} />}
            <MineBlock className="justify-self-center" />
          </>
        ) : (
          <>
            <WaitingForPayment />
            <div className="grid gap-2">
              <p className="text-xs font-medium text-muted-foreground">
                {t('payments.onchain.address')}
              </p>
              <AddressGroups address={address} />
            </div>
            <div className="flex flex-wrap gap-2 [&>*]:flex-1">
              <CopyButton value={address} label={t('payments.copy.address')} size="lg" />
              <Button variant="outline" size="lg" asChild>
                <a href={bip21}>
                  <ExternalLink aria-hidden />
                  {t('payments.openWallet')}
                </a>
              </Button>
            </div>
            <PayWithDemoWallet request={address} amountSat={payment.amountSat} />
            {hasLightning && (
              <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
                <Zap className="size-3.5" aria-hidden />
                {t('payments.onchain.lightningToo')}
              </p>
            )}
            <Button
              type="button"
              variant="ghost"
              className="justify-self-center"
              onClick={onChangeAmount}
            >
              <ArrowLeft aria-hidden />
              {t('payments.changeAmount')}
            </Button>
          </>
        )}
      </div>
    </div>
  )
}

/** "n confirmations" in a pulsing amber ring while the transaction waits for blocks. */
function Confirmations({ payment }: { payment: Payment }) {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      className="mx-auto flex aspect-square w-full max-w-56 flex-col items-center justify-center gap-1 rounded-full border-8 border-warning/60 bg-warning-soft text-center"
    >
      <span className="text-5xl font-semibold text-warning-foreground tabular-nums">
        {payment.confirmations}
      </span>
      <span className="px-6 text-sm font-medium text-warning-foreground">
        {t('payments.onchain.confirmations', { count: payment.confirmations })}
      </span>
      {payment.confirmations === 0 && (
        <span className="px-6 text-xs text-warning-foreground/80">
          {t('payments.onchain.unconfirmed')}
        </span>
      )}
    </div>
  )
}
