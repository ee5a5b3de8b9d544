import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_auth/operator/')({
  beforeLoad: () => {
    throw redirect({ to: '/operator/applications', search: { status: 'pending' }, replace: true })
  },
})
