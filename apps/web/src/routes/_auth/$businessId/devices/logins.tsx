import { createFileRoute } from '@tanstack/react-router'
import { DeviceLoginsPage } from '@/features/devices/device-logins-page'

export const Route = createFileRoute('/_auth/$businessId/devices/logins')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      context.trpc.devices.list.queryOptions({ businessId: params.businessId }),
    ),
  component: DeviceLoginsRoute,
})

function DeviceLoginsRoute() {
  const { businessId } = Route.useParams()
  return <DeviceLoginsPage businessId={businessId} />
}
