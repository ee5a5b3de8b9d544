import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { notifyError } from '@/lib/notify'
import { replaceSession } from '@/lib/session'
import { useTRPC } from '@/lib/trpc'

/** Ends the session, forgets every cached answer of this user, and goes to sign-in. */
export function useSignOut() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const { t } = useTranslation()
  return useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: async () => {
        replaceSession(queryClient, trpc, null)
        await router.navigate({ to: '/sign-in', replace: true })
      },
      onError: (error) => {
        notifyError(error, t('auth.signOut.failedTitle'))
      },
    }),
  )
}
