import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '@/lib/notify'
import { useRefreshOnboardingStep } from '@/lib/use-onboarding-step'
import type { Deposit } from './deposit-progress'

/**
 * Toasts for what happens to the channel while the merchant watches (spec section 8):
 * opened, failed to open, or handed to manual processing. Opening completes onboarding.
 */
export function useChannelToasts(businessId: string, deposit: Deposit | undefined) {
  const { t } = useTranslation()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const lastState = useRef<Deposit['channel']['state'] | undefined>(undefined)
  const state = deposit?.channel.state
  useEffect(() => {
    if (state === undefined || state === lastState.current) return
    const isFirstLook = lastState.current === undefined
    lastState.current = state
    if (state === 'open') {
      void refreshStep()
      if (!isFirstLook) notify.success(t('deposit.open.toastTitle'), t('deposit.open.toastMessage'))
    } else if (state === 'failed') {
      notify.error(t('deposit.channel.failedTitle'), t('deposit.channel.failedMessage'))
    } else if (state === 'manual') {
      notify.error(t('deposit.channel.manualTitle'), t('deposit.channel.manualMessage'))
    }
  }, [state, refreshStep, t])
}
