/**
 * Kiosk mode: no keypad and no manual entry. The terminal waits (the screen saver after the
 * device settings' delay) until the till creates a payment through the POS API for this
 * device; its QR code appears at once, then paid, then back to waiting. A payment the till
 * cancels disappears.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PaymentScreen } from './payment-screen'
import { useTerminalState } from './terminal-context'
import { useIdle, useTerminalSettings } from './use-terminal'

export function KioskPage() {
  const { t } = useTranslation()
  const settings = useTerminalSettings()
  const { tillPaymentId } = useTerminalState()
  const [shown, setShown] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)

  // A new payment from the till takes the screen at once (adjusted while rendering).
  const [seenTill, setSeenTill] = useState<string | null>(null)
  if (tillPaymentId !== seenTill) {
    setSeenTill(tillPaymentId)
    if (tillPaymentId) {
      setShown(tillPaymentId)
      setIsSaving(false)
    }
  }
  useIdle(settings.screenSaverDelaySec, shown === null && !isSaving, () => setIsSaving(true))

  if (shown) {
    return (
      <PaymentScreen
        key={shown}
        paymentId={shown}
        canCancel={false}
        canStartNew={false}
        dismissClosed
        onDone={() => setShown(null)}
      />
    )
  }
  const image = settings.screenSaverUrl ?? settings.logoUrl
  if (isSaving) {
    return (
      <button
        type="button"
        aria-label={t('terminal.kiosk.wake')}
        data-testid="screen-saver"
        onClick={() => setIsSaving(false)}
        className="fixed inset-0 z-40 flex cursor-default items-center justify-center bg-black"
      >
        {image ? (
          <img
            src={image}
            alt=""
            className="max-h-[60vh] max-w-[80vw] animate-pulse object-contain [animation-duration:6s]"
          />
        ) : (
          <span className="text-3xl font-semibold text-white/80">{settings.displayName}</span>
        )}
      </button>
    )
  }
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      {settings.logoUrl && (
        <img src={settings.logoUrl} alt="" className="max-h-32 w-auto object-contain" />
      )}
      <h1 className="text-2xl font-semibold">{settings.displayName}</h1>
      <p role="status" className="text-lg text-muted-foreground">
        {t('terminal.kiosk.waiting')}
      </p>
    </div>
  )
}
