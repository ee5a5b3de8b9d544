import { createFileRoute } from '@tanstack/react-router'
import { PciPage } from '@/features/onboarding/application/pci-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/pci')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: PciPageRoute,
})

function PciPageRoute() {
  const { businessId } = Route.useParams()
  return <PciPage businessId={businessId} />
}
