import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { afterSignInPath } from '@/lib/safe-redirect'
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
    await router.navigate({
      href: afterSignInPath(redirectTo, window.location.origin),
      replace: true,
    })
  }
}
