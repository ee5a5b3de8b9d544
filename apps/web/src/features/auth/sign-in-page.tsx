import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { markFormError } from '@/lib/form-errors'
import { useSimpleForm, type Checked } from '@/lib/simple-form'
import { useTRPC } from '@/lib/trpc'
import { AuthCard } from './auth-card'
import { PasskeySignIn } from './passkey-sign-in'
import type { SignInValues } from './sign-in-schema'
import { useFinishSignIn } from './use-finish-sign-in'

// The second step (accounts with two-step verification) loads after the page shows.
const loadCodeForm = () => import('./sign-in-code-form')
const SignInCodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.SignInCodeForm })))

export function SignInPage({ redirectTo }: { redirectTo: string | undefined }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const finishSignIn = useFinishSignIn(redirectTo)
  /** Set when the password was right and the account asks for a second factor. */
  const [challenge, setChallenge] = useState<string | null>(null)

  // The checks (and zod) are not part of the first load, nor is a form library: the checks
  // load once the page shows, and a submit before that waits for them.
  const checks = useMemo(() => lazyChecks(t), [t])
  useEffect(() => {
    void checks().catch(() => undefined)
    void loadCodeForm().catch(() => undefined)
  }, [checks])
  const form = useSimpleForm<SignInValues>({
    defaultValues: { email: '', password: '' },
    check: async (values) => (await checks())(values),
  })
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: async (result) => {
        if (result.step === 'code') setChallenge(result.challenge)
        else await finishSignIn(result.profile)
      },
      onError: (error) => {
        const appError = markFormError(error, form, { title: t('auth.signIn.failedTitle') })
        if (appError.code === 'INVALID_CREDENTIALS') form.resetField('password')
      },
    }),
  )
  const { errors } = form

  if (challenge) {
    return (
      <AuthCard
        pageTitle={t('auth.signIn.title')}
        heading={t('auth.code.heading')}
        description={t('auth.code.description')}
        footer={t('auth.code.footer', { email: form.getValues().email })}
      >
        <Suspense>
          <SignInCodeForm
            challenge={challenge}
            onSignedIn={finishSignIn}
            onRestart={() => {
              setChallenge(null)
              form.resetField('password')
            }}
          />
        </Suspense>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      pageTitle={t('auth.signIn.title')}
      heading={t('auth.signIn.heading')}
      description={t('auth.signIn.description')}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Link
            to="/sign-up"
            search={{ redirect: redirectTo }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.signIn.createAccount')}
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      >
        <FormField id="email" label={t('auth.fields.email')} error={errors.email}>
          <FormControl>
            <Input
              type="email"
              autoComplete="email"
              autoFocus
              placeholder={t('auth.fields.emailPlaceholder')}
              {...form.field('email')}
            />
          </FormControl>
        </FormField>
        <FormField id="password" label={t('auth.fields.password')} error={errors.password}>
          <FormControl>
            <PasswordInput autoComplete="current-password" {...form.field('password')} />
          </FormControl>
        </FormField>
        <Link
          to="/forgot-password"
          className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.signIn.forgotPassword')}
        </Link>
        <Button type="submit" size="lg" className="mt-1 w-full" isLoading={signIn.isPending}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
      <PasskeySignIn onSignedIn={finishSignIn} />
    </AuthCard>
  )
}

/** The checks, loaded once; a failed load (offline) is tried again at the next check. */
function lazyChecks(t: TFunction) {
  let loaded: Promise<(values: SignInValues) => Checked<SignInValues>> | undefined
  return () =>
    (loaded ??= import('./sign-in-schema')
      .then((m) => m.signInChecks(t))
      .catch((error: unknown) => {
        loaded = undefined
        throw error
      }))
}
