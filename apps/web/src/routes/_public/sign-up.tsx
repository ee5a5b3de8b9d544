import { createFileRoute } from '@tanstack/react-router'
import { SignUpPage } from '@/features/auth/sign-up-page'

export const Route = createFileRoute('/_public/sign-up')({
  component: SignUpRoute,
})

function SignUpRoute() {
  const { redirect } = Route.useSearch()
  return <SignUpPage redirectTo={redirect} />
}
