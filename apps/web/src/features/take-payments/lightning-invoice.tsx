import { ArrowLeft, ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/copy-button'
import type { ExpiryProgress } from '@/components/payments/expiry'
import { ExpiryBar } from '@/components/payments/expiry-bar'
import { PaymentAmount } from '@/components/payments/payment-amount'
import { shortenMiddle } from '@/components/payments/payment-format'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { WaitingForPayment } from './waiting-for-payment'
import type { Payment } from '@/components/payments/payment-data'
import { PayWithDemoWallet } from '@/components/demo/demo'

/**
 * The Lightning invoice to pay: the amount, the invoice as a QR code (tap to copy), the invoice
 * shortened in the middle with Copy and "Open in wallet", and the time left to pay.
 */
export function LightningInvoice({
  payment,
  paymentRequest,
  expiry,
  onChangeAmount,
}: {
  payment: Payment
  paymentRequest: string
  expiry: ExpiryProgress | null
  onChangeAmount: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-5 md:grid-cols-2 md:gap-x-10">
      <div className="grid gap-1 text-center md:col-start-2 md:row-start-1 md:self-end">
        <PaymentAmount payment={payment} />
        {payment.memo && (
          <p className="text-sm break-words text-muted-foreground">{payment.memo}</p>
        )}
      </div>

      <div className="md:col-start-1 md:row-span-2 md:row-start-1 md:self-center">
        {/* Upper case lets the QR code use its denser alphanumeric mode; wallets accept it. */}
        <QrCodeButton
          value={`LIGHTNING:${paymentRequest.toUpperCase()}`}
          copyValue={paymentRequest}
          label={t('payments.qr.lightningLabel')}
        />
      </div>

      <div className="grid content-start gap-4 md:col-start-2 md:row-start-2">
        <WaitingForPayment />
        {expiry && <ExpiryBar progress={expiry} />}
        <p
          className="text-center font-mono text-sm break-all text-muted-foreground"
          translate="no"
          title={paymentRequest}
        >
          {shortenMiddle(paymentRequest, 14)}
        </p>
        <div className="flex flex-wrap gap-2 [&>*]:flex-1">
          <CopyButton value={paymentRequest} label={t('payments.copy.invoice')} size="lg" />
          <Button variant="outline" size="lg" asChild>
            <a href={`lightning:${paymentRequest}`}>
              <ExternalLink aria-hidden />
              {t('payments.openWallet')}
            </a>
          </Button>
        </div>
        <PayWithDemoWallet request={paymentRequest} />
        <Button
          type="button"
          variant="ghost"
          className="justify-self-center"
          onClick={onChangeAmount}
        >
          <ArrowLeft aria-hidden />
          {t('payments.changeAmount')}
        </Button>
      </div>
    </div>
  )
}
