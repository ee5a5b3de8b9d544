import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { safeRedirectPath } from '@/lib/safe-redirect'
import { replaceSession } from '@/lib/session'
import { useTRPC, type Profile } from '@/lib/trpc'

/**
 * After sign-in or sign-up: remember who is signed in and go where the user was heading,
 * if that is a path on this site, or else to the start page.
 */
export function useFinishSignIn(redirectTo: string | undefined) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  return async (profile: Profile) => {
    replaceSession(queryClient, trpc, profile)
    const target = safeRedirectPath(redirectTo, window.location.origin)
    if (target) await router.navigate({ href: target, replace: true })
    else await router.navigate({ to: '/', replace: true })
  }
}
