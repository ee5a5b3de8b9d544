import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '@/features/auth/sign-in-page'

export const Route = createFileRoute('/_public/sign-in')({
  component: SignInRoute,
})

function SignInRoute() {
  const { redirect } = Route.useSearch()
  return <SignInPage redirectTo={redirect} />
}
