/**
 * "Forgot password": the address to send a reset link to. The answer is the same whether the
 * address has an account or not, so the page says what happens if it has one.
 */
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthCard } from './auth-card'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

const looksLikeEmail = (v: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.trim())

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const [email, setEmail] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const request = useMutation(trpc.recovery.requestPasswordReset.mutationOptions())

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!looksLikeEmail(email)) {
      setFieldError(t('validation.emailInvalid'))
      return
    }
    setFieldError(undefined)
    request.mutate({ email: email.trim() })
  }

  const backToSignIn = (
    <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
      {t('recovery.backToSignIn')}
    </Link>
  )

  if (request.isSuccess) {
    return (
      <AuthCard
        pageTitle={t('recovery.forgot.title')}
        heading={t('recovery.forgot.sentHeading')}
        description={t('recovery.forgot.sentDescription', { email: email.trim() })}
        footer={backToSignIn}
      >
        <div className="flex flex-col items-center gap-4 text-center text-sm text-muted-foreground">
          <MailCheck className="size-10 text-primary" aria-hidden />
          <p>{t('recovery.forgot.sentHint')}</p>
          <Button variant="outline" className="w-full" onClick={() => request.reset()}>
            {t('recovery.forgot.again')}
          </Button>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      pageTitle={t('recovery.forgot.title')}
      heading={t('recovery.forgot.heading')}
      description={t('recovery.forgot.description')}
      footer={backToSignIn}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <FormField id="email" label={t('auth.fields.email')} error={fieldError}>
          <FormControl>
            <Input
              type="email"
              autoComplete="email"
              autoFocus
              placeholder={t('auth.fields.emailPlaceholder')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormControl>
        </FormField>
        {request.isError && (
          <p role="alert" className="text-sm text-destructive">
            {appErrorMessage(parseAppError(request.error))}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" isLoading={request.isPending}>
          {t('recovery.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
