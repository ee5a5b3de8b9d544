import { ExternalLink } from 'lucide-react'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { CopyButton, useCopy } from '@/components/copy-button'
import { satToBtcFixed } from '@app/domain'
import {
  addressGroups,
  bip21WithAmount,
  formatBtcNumber,
  formatSatNumber,
} from '@/lib/money-format'
import { PayWithDemoWallet } from '@/components/demo/demo'
import { useFiatOf } from '@/components/payments/use-fiat-of'

/**
 * Where to send the deposit: a BIP21 QR code (tapping it copies the address), the amount, and
 * the address in groups of four in alternating tone, each with Copy.
 */
export function OnchainInvoiceCard({
  address,
  amountSat,
  bip21,
  remainingSat,
  currency,
}: {
  address: string
  amountSat: number
  bip21: string
  /** Still to send after a partial payment. */
  remainingSat: number | undefined
  /** the business's currency, for what the amount is worth */
  currency: string
}) {
  const { t } = useTranslation()
  const fiatOf = useFiatOf(currency)
  const fiat = fiatOf(remainingSat ?? amountSat)
  const qrCopy = useCopy(address)
  const paymentLink = remainingSat === undefined ? bip21 : bip21WithAmount(bip21, remainingSat)
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>
          {remainingSat === undefined
            ? t('deposit.invoice.title')
            : t('deposit.invoice.remainingTitle', { amount: formatSatNumber(remainingSat) })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid items-start gap-6 sm:grid-cols-[auto_1fr]">
        <button
          type="button"
          onClick={() => void qrCopy.copy()}
          aria-label={t('deposit.invoice.qrLabel')}
          className="mx-auto cursor-pointer rounded-xl border border-border bg-white p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25"
        >
          <QRCodeSVG value={paymentLink} level="M" marginSize={4} size={200} />
          <span className="block pb-1 text-center text-xs text-muted-foreground" aria-live="polite">
            {qrCopy.isCopied ? t('deposit.copied') : t('deposit.invoice.tapToCopy')}
          </span>
        </button>
        <div className="grid min-w-0 gap-5">
          <div>
            <p className="text-xs font-medium text-muted-foreground">
              {t('deposit.invoice.amount')}
            </p>
            <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">
              {t('deposit.sats', { amount: formatSatNumber(remainingSat ?? amountSat) })}
            </p>
            <p className="text-sm text-muted-foreground tabular-nums">
              {formatBtcNumber(remainingSat ?? amountSat)} BTC
              {fiat && ` · ${fiat}`}
            </p>
            <CopyButton
              size="sm"
              className="mt-2"
              value={satToBtcFixed(remainingSat ?? amountSat)}
              label={t('deposit.invoice.copyAmount')}
            />
          </div>
          <div>
            <p className="text-xs font-medium text-muted-foreground">
              {t('deposit.invoice.address')}
            </p>
            <p className="mt-1 font-mono text-[15px] leading-relaxed break-all" translate="no">
              {addressGroups(address).map((group, index) => (
                <span
                  key={index}
                  className={cn('mr-1.5 inline-block', index % 2 === 1 && 'text-muted-foreground')}
                >
                  {group}
                </span>
              ))}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <CopyButton value={address} label={t('deposit.invoice.copyAddress')} size="sm" />
              <Button variant="ghost" size="sm" asChild>
                <a href={paymentLink}>
                  <ExternalLink aria-hidden />
                  {t('deposit.invoice.openWallet')}
                </a>
              </Button>
            </div>
            <PayWithDemoWallet
              request={address}
              amountSat={remainingSat ?? amountSat}
              className="mt-3 w-full"
            />
          </div>
        </div>
      </CardContent>
    </Card>
  )
}
