import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SimpleShell } from '@/features/shell/simple-shell'

export const Route = createFileRoute('/_auth/onboarding')({
  component: OnboardingLayout,
})

function OnboardingLayout() {
  return (
    <SimpleShell>
      <Outlet />
    </SimpleShell>
  )
}
