/**
 * Data of the application pages: the saved application and review, what happens after a form
 * is saved (fresh step, next page) and how a refused save shows on the form.
 */
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useCallback } from 'react'
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { notifyError } from '@/lib/notify'
import { useTRPC, type Trpc } from '@/lib/trpc'
import { ONBOARDING_ROUTES } from '../onboarding-routes'
import type { ApplicationPage, StepTarget } from '../onboarding-steps'
import { targetAfterSaving } from './application-sections'

export type ApplicationState = inferOutput<Trpc['onboarding']['state']>

export function useApplicationState(businessId: string): ApplicationState {
  const trpc = useTRPC()
  return useSuspenseQuery(trpc.onboarding.state.queryOptions({ businessId })).data
}

/** Forgets the cached step and application so guards and pages read the server's new answer. */
export function useRefreshOnboarding(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.businesses.onboardingStep.queryFilter({ businessId })),
        queryClient.invalidateQueries(trpc.onboarding.state.queryFilter({ businessId })),
        queryClient.invalidateQueries(trpc.businesses.list.queryFilter()),
      ]),
    [businessId, queryClient, trpc],
  )
}

export function useGoToTarget(businessId: string) {
  const navigate = useNavigate()
  return useCallback(
    async (target: StepTarget) => {
      if (target.kind === 'dashboard') {
        await navigate({ to: '/$businessId/sales/dashboard', params: { businessId } })
      } else if (target.kind === 'onboarding') {
        await navigate({ to: ONBOARDING_ROUTES[target.page], params: { businessId } })
      }
    },
    [businessId, navigate],
  )
}

/** After the server saved `page`: read the new step, then go to the page it leads to. */
export function useAfterSave(businessId: string, page: ApplicationPage) {
  const refresh = useRefreshOnboarding(businessId)
  const goTo = useGoToTarget(businessId)
  return useCallback(
    async ({ step }: { step: string }) => {
      await refresh()
      await goTo(targetAfterSaving(page, step))
    },
    [goTo, page, refresh],
  )
}

/**
 * A refused save: a toast, the server's messages on the fields they name (or above the form
 * buttons when they name no field), and a fresh step when the page no longer applies (the
 * application was submitted or reviewed meanwhile), so the route guard moves the user on.
 */
export function useSaveErrorHandler(businessId: string) {
  const { t } = useTranslation()
  const router = useRouter()
  const refresh = useRefreshOnboarding(businessId)
  return useCallback(
    <TValues extends FieldValues, TOutput>(
      error: unknown,
      form: UseFormReturn<TValues, unknown, TOutput>,
    ) => {
      const appError = notifyError(error, t('application.saveFailed'))
      if (appError.code === 'STEP_NOT_ALLOWED') {
        void refresh().then(() => router.invalidate())
        return
      }
      const values = form.getValues()
      let firstField: Path<TValues> | undefined
      for (const [key, messages] of Object.entries(appError.fieldErrors)) {
        // Inputs arrive as { businessId, data }; the server may name `data` or a path inside it.
        const path = key.replace(/^data\.?/, '')
        if (path !== '' && get(values, path) !== undefined) {
          form.setError(path as Path<TValues>, { type: 'server', message: messages.join(' ') })
          firstField ??= path as Path<TValues>
        } else {
          // The server's own words name no field here and are not in the user's language.
          form.setError('root.server', { type: 'server', message: t('application.serverRefused') })
        }
      }
      if (firstField) form.setFocus(firstField)
    },
    [refresh, router, t],
  )
}
