/**
 * The receipt on the paid screen: printed with the browser's print dialog on 58 mm or 80 mm
 * paper (the terminal remembers which), or shown as a QR code the customer scans to open it on
 * the public host.
 */
import { useQuery } from '@tanstack/react-query'
import { Printer, QrCode } from 'lucide-react'
import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { ReceiptView } from './receipt-view'

const PAPERS = [58, 80] as const
type Paper = (typeof PAPERS)[number]
const PAPER_KEY = 'terminal.receiptPaper'

function storedPaper(): Paper {
  return localStorage.getItem(PAPER_KEY) === '80' ? 80 : 58
}

/** The page size of the print dialog: the roll's width, margins off, the text inside them. */
function printCss(paper: Paper): string {
  return `@media print { @page { size: ${paper}mm 297mm; margin: 0 } .receipt-print { width: ${paper - 6}mm; margin: 0 3mm; max-width: none } }`
}

export function ReceiptActions({
  paymentId,
  onUse,
}: {
  paymentId: string
  /** the receipt is being printed or shown: the screen stays */
  onUse?: () => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const receipt = useQuery(trpc.terminal.receipt.queryOptions({ paymentId })).data
  const [paper, setPaper] = useState<Paper>(storedPaper)
  const [showQr, setShowQr] = useState(false)
  if (!receipt) return null
  const choose = (p: Paper) => {
    onUse?.()
    localStorage.setItem(PAPER_KEY, String(p))
    setPaper(p)
  }
  return (
    <div className="grid gap-3">
      <style>{printCss(paper)}</style>
      <div
        className="flex items-center justify-center gap-2"
        role="group"
        aria-label={t('terminal.receipt.paper')}
      >
        {PAPERS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={paper === p}
            onClick={() => choose(p)}
            className="min-h-9 rounded-full border border-border px-3 text-sm aria-pressed:border-primary aria-pressed:bg-primary-soft"
          >
            {t('terminal.receipt.paperWidth', { mm: p })}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          size="lg"
          onClick={() => {
            onUse?.()
            window.print()
          }}
        >
          <Printer aria-hidden />
          {t('terminal.receipt.print')}
        </Button>
        <Button
          variant="outline"
          size="lg"
          aria-expanded={showQr}
          onClick={() => {
            onUse?.()
            setShowQr((v) => !v)
          }}
        >
          <QrCode aria-hidden />
          {t('terminal.receipt.showQr')}
        </Button>
      </div>
      {showQr && (
        <figure className="grid justify-items-center gap-2 text-center">
          <div className="rounded-lg bg-white p-2">
            <QRCodeSVG
              value={receipt.url}
              size={200}
              marginSize={2}
              title={t('terminal.receipt.qrTitle')}
            />
          </div>
          <figcaption className="text-sm text-muted-foreground">
            {t('terminal.receipt.scanHint')}
          </figcaption>
          <a href={receipt.url} className="sr-only" data-testid="receipt-link">
            {receipt.url}
          </a>
        </figure>
      )}
      <ReceiptView receipt={receipt} className={cn('receipt-print hidden print:grid')} />
    </div>
  )
}
