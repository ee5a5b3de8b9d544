import { createFileRoute, redirect } from '@tanstack/react-router'

const BUSINESS_PATH = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/|$)/

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    // a business's page: its guard's and its loader's data are asked for with the profile, in
    // the same request, instead of one round trip after another
    const businessId = BUSINESS_PATH.exec(location.pathname)?.[1]
    if (
      businessId &&
      context.queryClient.getQueryData(context.trpc.auth.getProfile.queryKey()) !== null
    ) {
      void context.queryClient.prefetchQuery(
        context.trpc.businesses.onboardingStep.queryOptions({ businessId }),
      )
      void context.queryClient.prefetchQuery(context.trpc.businesses.list.queryOptions())
    }
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
