import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_auth/$businessId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$businessId/sales/dashboard', params, replace: true })
  },
})
