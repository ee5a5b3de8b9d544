import { createFileRoute } from '@tanstack/react-router'
import { DeviceSettingsPage } from '@/features/devices/device-settings-page'

export const Route = createFileRoute('/_auth/$businessId/devices/settings')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      context.trpc.deviceSettings.get.queryOptions({ businessId: params.businessId }),
    ),
  component: DeviceSettingsRoute,
})

function DeviceSettingsRoute() {
  const { businessId } = Route.useParams()
  return <DeviceSettingsPage businessId={businessId} />
}
