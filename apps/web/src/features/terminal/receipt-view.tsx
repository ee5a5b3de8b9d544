/**
 * A receipt: logo, the business's displayed name, the receipt text, date and time, the items of
 * the calculation (amount, tip), method, the amount in fiat and sats, the staff member, and the
 * payment id as a QR code (what a refund looks it up by). The same on screen, on paper (58 or
 * 80 mm, `receipt-print`) and on the public page the customer opens.
 */
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/lib/format'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { cn } from '@/lib/utils'
import type { Receipt } from './use-terminal'

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'text-base font-semibold')}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  )
}

export function ReceiptView({ receipt, className }: { receipt: Receipt; className?: string }) {
  const { t } = useTranslation()
  const sats = (n: number) => t('payments.sats', { amount: formatSatNumber(n) })
  const fiat = (n: number | null) => (n === null ? null : formatFiat(n, receipt.currency))
  const total = fiat(receipt.fiatMinor) ?? sats(receipt.amountSat)
  const tip = receipt.tipSat > 0 ? (fiat(receipt.tipFiatMinor) ?? sats(receipt.tipSat)) : null
  const amount =
    receipt.fiatMinor !== null && receipt.tipFiatMinor !== null
      ? fiat(receipt.fiatMinor - receipt.tipFiatMinor)
      : receipt.tipSat > 0
        ? sats(receipt.amountSat - receipt.tipSat)
        : total
  const at = receipt.settledAt ?? receipt.createdAt
  return (
    <article
      className={cn(
        'mx-auto grid w-full max-w-xs gap-3 rounded-lg border border-border bg-white p-4 font-mono text-sm text-black',
        className,
      )}
      aria-label={t('terminal.receipt.title')}
    >
      <header className="grid justify-items-center gap-1 text-center">
        {receipt.logoUrl && (
          <img
            src={receipt.logoUrl}
            alt=""
            className="max-h-16 w-auto max-w-[70%] object-contain"
          />
        )}
        <p className="text-base font-semibold">{receipt.displayName}</p>
        <p>{formatDate(at, { dateStyle: 'medium', timeStyle: 'short' })}</p>
      </header>
      <dl className="grid gap-1 border-y border-dashed border-black/40 py-2">
        {receipt.memo && <Row label={receipt.memo} value="" />}
        <Row label={t('terminal.receipt.amount')} value={amount ?? ''} />
        {tip && <Row label={t('terminal.receipt.tip')} value={tip} />}
        <Row label={t('terminal.receipt.total')} value={total} strong />
        {receipt.fiatMinor !== null && <Row label="" value={sats(receipt.amountSat)} />}
        <Row
          label={t('terminal.receipt.method')}
          value={t(
            receipt.method === 'onchain'
              ? 'terminal.method.onchain'
              : receipt.method === 'ecash'
                ? 'terminal.method.ecash'
                : 'terminal.method.lightning',
          )}
        />
        {receipt.staffName && <Row label={t('terminal.receipt.staff')} value={receipt.staffName} />}
      </dl>
      <div className="grid justify-items-center gap-1">
        <QRCodeSVG value={receipt.id} size={112} marginSize={1} aria-hidden />
        <p className="text-[10px] break-all">{receipt.id}</p>
      </div>
      <p className="text-center whitespace-pre-line">{receipt.receiptText}</p>
    </article>
  )
}
