import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

/**
 * An invitation's link: which business, which role, for which address. Signed out, it leads to
 * sign up or sign in and back here; signed in with the invited address, it is accepted here.
 */
export function InvitationPage({ token }: { token: string }) {
  const { t } = useTranslation()
  usePageTitle(t('team.accept.title'))
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const invitation = useQuery({ ...trpc.team.invitation.queryOptions({ token }), retry: false })
  const me = useQuery(trpc.auth.getProfile.queryOptions())
  const accept = useMutation(
    trpc.team.accept.mutationOptions({
      onSuccess: async ({ businessId }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.businesses.pathKey() })
        await navigate({ to: '/$businessId', params: { businessId } })
      },
    }),
  )
  const back = `/invitations/${token}`

  let body
  if (invitation.isPending || me.isPending) {
    body = <Spinner />
  } else if (invitation.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>{t('team.accept.unavailable')}</AlertTitle>
        <AlertDescription>{appErrorMessage(parseAppError(invitation.error))}</AlertDescription>
      </Alert>
    )
  } else {
    const inv = invitation.data
    const closed =
      inv.state === 'expired'
        ? 'INVITATION_EXPIRED'
        : inv.state === 'revoked'
          ? 'INVITATION_REVOKED'
          : inv.state === 'accepted'
            ? 'INVITATION_USED'
            : null
    const isOtherEmail = me.data && me.data.email.toLowerCase() !== inv.email
    body = (
      <div className="space-y-4">
        <p className="text-sm">
          {t('team.accept.offer', {
            business: inv.businessName,
            role: t(`team.roles.${inv.role}`),
            email: inv.email,
          })}
        </p>
        <p className="text-xs text-muted-foreground">{t(`team.roleHints.${inv.role}`)}</p>
        {closed ? (
          <Alert variant="destructive">
            <AlertDescription>{t(`errors.${closed}`)}</AlertDescription>
          </Alert>
        ) : !me.data ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/sign-up" search={{ redirect: back }}>
                {t('team.accept.signUp')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/sign-in" search={{ redirect: back }}>
                {t('team.accept.signIn')}
              </Link>
            </Button>
          </div>
        ) : isOtherEmail ? (
          <Alert variant="destructive">
            <AlertDescription>
              {t('team.accept.otherEmail', { email: me.data.email, invited: inv.email })}
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {accept.isError && (
              <Alert variant="destructive">
                <AlertDescription>{appErrorMessage(parseAppError(accept.error))}</AlertDescription>
              </Alert>
            )}
            <Button disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
              {accept.isPending && <Spinner />}
              {t('team.accept.submit')}
            </Button>
          </>
        )}
      </div>
    )
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-xl font-semibold">
          <MailCheck className="size-5 text-primary" aria-hidden />
          {t('team.accept.title')}
        </h1>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
