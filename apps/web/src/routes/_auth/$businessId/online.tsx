import { createFileRoute, Outlet } from '@tanstack/react-router'
import { OnlineTabs } from '@/features/online/online-tabs'

/** Selling online: payment links, invoices, API keys and webhooks, as tabs over one outlet. */
export const Route = createFileRoute('/_auth/$businessId/online')({
  component: OnlineLayout,
})

function OnlineLayout() {
  const { businessId } = Route.useParams()
  return (
    <div className="mx-auto w-full max-w-5xl">
      <OnlineTabs businessId={businessId} />
      <Outlet />
    </div>
  )
}
