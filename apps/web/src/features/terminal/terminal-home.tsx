/** The terminal's main screen: the kiosk's waiting screen, or the keypad and the payment taken. */
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { lazyAfterLoad } from '@/lib/lazy-component'
import { ChargePage } from './charge-page'
import { useTerminalState } from './terminal-context'
import { useDeviceMe } from './use-terminal'

// not part of the keypad's first load: fetched once it shows (see docs/decisions.md)
const KioskPage = lazyAfterLoad(() => import('./kiosk-page').then((m) => m.KioskPage))
const PaymentScreen = lazyAfterLoad(() => import('./payment-screen').then((m) => m.PaymentScreen))

export function TerminalHome({ paymentId }: { paymentId: string | undefined }) {
  const me = useDeviceMe()
  const navigate = useNavigate()
  const { t } = useTranslation()
  const { tillPaymentId } = useTerminalState()
  if (me.device.isKiosk) return <KioskPage />
  if (paymentId) {
    return (
      <PaymentScreen
        key={paymentId}
        paymentId={paymentId}
        onDone={() => void navigate({ to: '/terminal', search: {}, replace: true })}
      />
    )
  }
  return (
    <>
      {tillPaymentId && (
        <div
          className="flex items-center justify-center gap-3 bg-primary-soft px-4 py-2"
          role="status"
        >
          <span className="text-sm">{t('terminal.tillPayment.waiting')}</span>
          <Button
            size="sm"
            onClick={() => void navigate({ to: '/terminal', search: { payment: tillPaymentId } })}
          >
            {t('terminal.tillPayment.show')}
          </Button>
        </div>
      )}
      <ChargePage />
    </>
  )
}
