import { createFileRoute, redirect } from '@tanstack/react-router'
import { BackupPage } from '@/features/node-details/backup-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/backup')({
  // Only a business with its own node has anything to back up (spec section 4).
  beforeLoad: async ({ context, params }) => {
    const settings = await context.queryClient.ensureQueryData(
      context.trpc.businesses.lightningNodeSettings.queryOptions({
        businessId: params.businessId,
      }),
    )
    if (!settings.exists || !settings.isInitialised) {
      throw redirect({
        to: '/$businessId/sales/dashboard',
        params: { businessId: params.businessId },
        replace: true,
      })
    }
  },
  component: BackupRoute,
})

function BackupRoute() {
  const { businessId } = Route.useParams()
  return <BackupPage businessId={businessId} />
}
