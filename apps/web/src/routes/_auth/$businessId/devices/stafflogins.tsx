import { createFileRoute } from '@tanstack/react-router'
import { StaffLoginsPage } from '@/features/devices/staff-logins-page'

export const Route = createFileRoute('/_auth/$businessId/devices/stafflogins')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      context.trpc.staff.list.queryOptions({ businessId: params.businessId }),
    ),
  component: StaffLoginsRoute,
})

function StaffLoginsRoute() {
  const { businessId } = Route.useParams()
  return <StaffLoginsPage businessId={businessId} />
}
