/**
 * Above every business page until the account's address is verified: where the link went, what
 * waits for it (payouts, invitations; older accounts have until a date for payouts), and
 * another link on request.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { MailWarning } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

export function VerifyEmailNotice() {
  const { t, i18n } = useTranslation()
  const trpc = useTRPC()
  // when the page was opened: the grace period is read against it
  const [openedAt] = useState(() => Date.now())
  const status = useQuery({ ...trpc.recovery.emailStatus.queryOptions(), staleTime: 60_000 })
  const resend = useMutation(
    trpc.recovery.resendVerification.mutationOptions({
      onSuccess: () =>
        notify.success(
          t('recovery.notice.sentTitle'),
          t('recovery.notice.sent', { email: status.data?.email ?? '' }),
        ),
      onError: (error) => notifyError(error, t('recovery.notice.failed')),
    }),
  )
  if (!status.data || status.data.verified) return null
  const due = new Date(status.data.dueAt)
  const inGrace = due.getTime() > openedAt
  return (
    <Alert variant="warning" className="mb-6" data-testid="verify-email-notice">
      <MailWarning aria-hidden />
      <AlertTitle>{t('recovery.notice.title')}</AlertTitle>
      <AlertDescription>
        <p>
          {t('recovery.notice.body', { email: status.data.email })}{' '}
          {inGrace
            ? t('recovery.notice.grace', {
                date: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(
                  due,
                ),
              })
            : t('recovery.notice.needed')}
        </p>
        <Button
          size="sm"
          variant="outline"
          className="mt-3"
          isLoading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('recovery.notice.resend')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}
