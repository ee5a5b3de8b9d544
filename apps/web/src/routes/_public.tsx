import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { PublicLayout } from '@/features/auth/public-layout'

const ZPublicSearch = z.object({ redirect: z.string().optional() })
type TPublicSearch = z.infer<typeof ZPublicSearch>

export const Route = createFileRoute('/_public')({
  // `redirect`: where to go after signing in; anything but text is dropped.
  validateSearch: (search: Record<string, unknown>): TPublicSearch => {
    const parsed = ZPublicSearch.safeParse(search)
    return parsed.success ? parsed.data : {}
  },
  beforeLoad: async ({ context }) => {
    const profile = await context.queryClient.fetchQuery(
      context.trpc.auth.getProfile.queryOptions(),
    )
    if (profile) throw redirect({ to: '/', replace: true })
  },
  component: PublicLayout,
})
