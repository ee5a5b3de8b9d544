/**
 * The links of the address mails: the verification after sign-up, and the confirmation of a new
 * address. Opening the page uses the link (once); it says what happened.
 */
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheck, CircleX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthCard } from './auth-card'
import { Button } from '@/components/ui/button'
import { ListPending } from '@/components/list-states'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

export function EmailLinkPage({ kind, token }: { kind: 'verify' | 'change'; token: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const verify = useMutation(trpc.recovery.verifyEmail.mutationOptions())
  const change = useMutation(trpc.recovery.confirmEmailChange.mutationOptions())
  const use = kind === 'verify' ? verify : change
  const started = useRef(false)
  useEffect(() => {
    // once per page, though React may run effects twice in development
    if (started.current) return
    started.current = true
    use.mutate({ token })
  }, [use, token])

  const title = kind === 'verify' ? t('recovery.verify.title') : t('recovery.change.title')
  const footer = (
    <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
      {t('recovery.toDashboard')}
    </Link>
  )
  if (use.isError) {
    return (
      <AuthCard
        pageTitle={title}
        heading={t('recovery.linkFailed')}
        description={appErrorMessage(parseAppError(use.error))}
        footer={footer}
      >
        <div className="flex justify-center">
          <CircleX className="size-10 text-destructive" aria-hidden />
        </div>
      </AuthCard>
    )
  }
  if (use.isSuccess) {
    return (
      <AuthCard
        pageTitle={title}
        heading={kind === 'verify' ? t('recovery.verify.done') : t('recovery.change.done')}
        description={
          kind === 'verify'
            ? t('recovery.verify.doneDescription', { email: use.data.email })
            : t('recovery.change.doneDescription', { email: use.data.email })
        }
      >
        <div className="flex flex-col items-center gap-4">
          <CircleCheck className="size-10 text-success" aria-hidden />
          <Button asChild size="lg" className="w-full">
            <Link to="/">{t('recovery.toDashboard')}</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      pageTitle={title}
      heading={title}
      description={t('recovery.checking')}
      footer={footer}
    >
      <ListPending />
    </AuthCard>
  )
}
