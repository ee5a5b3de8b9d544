import { createFileRoute, redirect } from '@tanstack/react-router'
import { PublicLayout } from '@/features/auth/public-layout'

interface TPublicSearch {
  redirect?: string
}

export const Route = createFileRoute('/_public')({
  // `redirect`: where to go after signing in; anything but text is dropped.
  // A plain check, no schema library: route checks are part of every page's first load.
  validateSearch: (search: Record<string, unknown>): TPublicSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    const profile = await context.queryClient.fetchQuery(
      context.trpc.auth.getProfile.queryOptions(),
    )
    // Already signed in: straight on to the page asked for (a path on this site only).
    if (profile) {
      // loaded only here: every page's first load runs this file
      const { afterSignInPath } = await import('@/lib/safe-redirect')
      throw redirect({
        href: afterSignInPath(search.redirect, window.location.origin),
        replace: true,
      })
    }
  },
  component: PublicLayout,
})
