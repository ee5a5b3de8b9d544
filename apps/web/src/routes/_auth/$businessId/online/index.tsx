import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_auth/$businessId/online/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$businessId/online/links', params, replace: true })
  },
})
