import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadToasts } from '@/lib/notify'

// Not part of the first load: toasts only follow something the user did.
const Toaster = lazy(() => loadToasts().then(({ Toaster }) => ({ default: Toaster })))

/** Where toasts appear: bottom right, five seconds each, Alt+T moves focus to them. */
export function AppToaster() {
  const { t } = useTranslation()
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        hotkey={['altKey', 'KeyT']}
        duration={5000}
        richColors
        closeButton
        containerAriaLabel={t('common.notifications')}
        toastOptions={{
          classNames: {
            toast: 'app-toast',
            title: 'text-sm font-semibold!',
            description: 'text-sm',
          },
        }}
      />
    </Suspense>
  )
}
