import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const profile = await context.queryClient.fetchQuery(
      context.trpc.auth.getProfile.queryOptions(),
    )
    if (!profile) {
      throw redirect({
        to: '/sign-in',
        search: location.href === '/' ? {} : { redirect: location.href },
        replace: true,
      })
    }
    return { profile }
  },
})
