/**
 * A new password from a reset link. The link is checked first, so a used, expired or unknown
 * link says so before anything is typed; after the reset every session has ended and the
 * account signs in again (with its second factor, if it has one).
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheck, CircleX } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthCard } from './auth-card'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { ListPending } from '@/components/list-states'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { PASSWORD_MIN_LENGTH } from '@/lib/validation'

/** The codes that mean the link cannot be used, whatever is typed. */
const DEAD_LINK = ['ACCOUNT_LINK_INVALID', 'ACCOUNT_LINK_EXPIRED', 'ACCOUNT_LINK_USED']

export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const check = useQuery({
    ...trpc.recovery.checkResetLink.queryOptions({ token }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({})
  const reset = useMutation(trpc.recovery.resetPassword.mutationOptions())

  const toSignIn = (
    <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
      {t('recovery.backToSignIn')}
    </Link>
  )
  const resetError = reset.isError ? parseAppError(reset.error) : null
  const linkError = check.isError
    ? parseAppError(check.error)
    : resetError && DEAD_LINK.includes(resetError.code)
      ? resetError
      : null

  if (reset.isSuccess) {
    return (
      <AuthCard
        pageTitle={t('recovery.reset.title')}
        heading={t('recovery.reset.doneHeading')}
        description={t('recovery.reset.doneDescription')}
      >
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck className="size-10 text-success" aria-hidden />
          <Button asChild size="lg" className="w-full">
            <Link to="/sign-in">{t('recovery.reset.signIn')}</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  if (linkError) {
    return (
      <AuthCard
        pageTitle={t('recovery.reset.title')}
        heading={t('recovery.reset.deadHeading')}
        description={appErrorMessage(linkError)}
        footer={toSignIn}
      >
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleX className="size-10 text-destructive" aria-hidden />
          <Button asChild size="lg" className="w-full">
            <Link to="/forgot-password">{t('recovery.reset.newLink')}</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: typeof errors = {}
    if (password.length < PASSWORD_MIN_LENGTH) {
      next.password = t('validation.passwordMin', { count: PASSWORD_MIN_LENGTH })
    }
    if (confirm !== password) next.confirm = t('validation.passwordsDoNotMatch')
    setErrors(next)
    if (next.password || next.confirm) return
    reset.mutate({ token, password, confirmPassword: confirm })
  }

  return (
    <AuthCard
      pageTitle={t('recovery.reset.title')}
      heading={t('recovery.reset.heading')}
      description={
        check.data
          ? t('recovery.reset.description', { email: check.data.email })
          : t('recovery.reset.checking')
      }
      footer={toSignIn}
    >
      {check.isPending ? (
        <ListPending />
      ) : (
        <form noValidate className="grid gap-5" onSubmit={submit}>
          <FormField
            id="password"
            label={t('recovery.reset.password')}
            error={errors.password}
            description={t('auth.fields.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          >
            <FormControl>
              <PasswordInput
                autoComplete="new-password"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormControl>
          </FormField>
          <FormField id="confirm" label={t('recovery.reset.confirm')} error={errors.confirm}>
            <FormControl>
              <PasswordInput
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </FormControl>
          </FormField>
          <p className="text-xs text-muted-foreground">{t('recovery.reset.signsOut')}</p>
          {resetError && (
            <p role="alert" className="text-sm text-destructive">
              {appErrorMessage(resetError)}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" isLoading={reset.isPending}>
            {t('recovery.reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
