import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { useCopy } from '@/components/copy-button'

/** A payment QR code; tapping it copies `copyValue` (what a person would paste into a wallet). */
export function QrCodeButton({
  value,
  copyValue,
  label,
  isDimmed = false,
  className,
}: {
  value: string
  copyValue: string
  label: string
  isDimmed?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const { isCopied, copy } = useCopy(copyValue)
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className={cn(
        'group mx-auto block w-full max-w-72 cursor-pointer rounded-xl border border-border bg-white p-1 outline-none transition-opacity focus-visible:ring-[3px] focus-visible:ring-ring/25',
        isDimmed && 'opacity-40',
        className,
      )}
    >
      <QRCodeSVG
        value={value}
        level="M"
        marginSize={4}
        size={256}
        className="block h-auto w-full"
        title={label}
      />
      <span
        className="block pb-1.5 text-center text-xs text-muted-foreground group-hover:text-foreground"
        aria-live="polite"
      >
        {isCopied ? t('payments.copy.copied') : t('payments.qr.tapToCopy')}
      </span>
    </button>
  )
}
