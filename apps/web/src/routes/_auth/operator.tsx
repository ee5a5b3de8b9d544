import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { SimpleShell } from '@/features/shell/simple-shell'

/** The platform operator's pages; anyone else goes to the start page. */
export const Route = createFileRoute('/_auth/operator')({
  beforeLoad: ({ context }) => {
    if (!context.profile.isOperator) throw redirect({ to: '/', replace: true })
  },
  component: OperatorLayout,
})

function OperatorLayout() {
  return (
    <SimpleShell>
      <Outlet />
    </SimpleShell>
  )
}
