import { useTranslation } from 'react-i18next'
import { Toaster } from 'sonner'

/** Where toasts appear: bottom right, five seconds each, Alt+T moves focus to them. */
export function AppToaster() {
  const { t } = useTranslation()
  return (
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
  )
}
