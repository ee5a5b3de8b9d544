import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Monitor, Smartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

const MOBILE_SYSTEMS = new Set(['iOS', 'Android'])

/** Where the account is signed in: each session's browser, address and times; sign out others. */
export function SessionsCard() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { data: listed } = useSuspenseQuery(trpc.account.sessions.queryOptions())
  // This device first, then the others as the server orders them (most recently used first).
  const sessions = [...listed].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() })
  const revoke = useMutation(
    trpc.account.revokeSession.mutationOptions({
      onSuccess: async () => {
        notify.success(t('account.sessions.signedOutTitle'), t('account.sessions.signedOutMessage'))
        await refresh()
      },
      onError: async (error) => {
        notifyError(error, t('account.sessions.failedTitle'))
        await refresh()
      },
    }),
  )
  const revokeOthers = useMutation(
    trpc.account.revokeOtherSessions.mutationOptions({
      onSuccess: async ({ ended }) => {
        notify.success(
          t('account.sessions.signedOutOthersTitle', { count: ended }),
          t('account.sessions.signedOutMessage'),
        )
        await refresh()
      },
      onError: (error) => notifyError(error, t('account.sessions.failedTitle')),
    }),
  )
  const others = sessions.filter((s) => !s.isCurrent).length
  const when = (date: Date) => formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>{t('account.sessions.title')}</CardTitle>
        <CardDescription>{t('account.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        <ul
          aria-label={t('account.sessions.listLabel')}
          className="divide-y divide-border border-t"
        >
          {sessions.map((session) => {
            const Icon = session.system && MOBILE_SYSTEMS.has(session.system) ? Smartphone : Monitor
            const name =
              session.browser && session.system
                ? t('account.sessions.browserOn', {
                    browser: session.browser,
                    system: session.system,
                  })
                : (session.browser ?? session.system ?? t('account.sessions.unknownBrowser'))
            return (
              <li
                key={session.id}
                data-testid="session-row"
                className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 px-6 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
              >
                <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-foreground">{name}</span>
                    {session.isCurrent && (
                      <Badge variant="success">{t('account.sessions.thisDevice')}</Badge>
                    )}
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {session.ip && <span className="font-mono">{session.ip}</span>}
                    {session.ip && ' · '}
                    {t('account.sessions.lastUsed', { date: when(session.lastSeenAt) })}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('account.sessions.created', { date: when(session.createdAt) })}
                  </p>
                </div>
                {!session.isCurrent && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="col-start-2 w-fit sm:col-start-3"
                    aria-label={t('account.sessions.signOutNamed', { name })}
                    isLoading={revoke.isPending && revoke.variables.sessionId === session.id}
                    onClick={() => revoke.mutate({ sessionId: session.id })}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      </CardContent>
      {others > 0 && (
        <CardFooter className="justify-end bg-muted/40">
          <Button
            variant="outline"
            isLoading={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            {t('account.sessions.signOutOthers')}
          </Button>
        </CardFooter>
      )}
    </Card>
  )
}
