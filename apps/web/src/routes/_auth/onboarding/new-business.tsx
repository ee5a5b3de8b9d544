import { createFileRoute } from '@tanstack/react-router'
import { NewBusinessPage } from '@/features/onboarding/new-business-page'

export const Route = createFileRoute('/_auth/onboarding/new-business')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.businesses.list.queryOptions()),
  component: NewBusinessPage,
})
