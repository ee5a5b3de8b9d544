import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notifyError } from '@/lib/notify'
import { useTRPC, type Profile } from '@/lib/trpc'

/**
 * The second sign-in step: the 6-digit code from the authenticator app, or one of the recovery
 * codes. A challenge that expired sends the user back to the password.
 */
export function SignInCodeForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string
  onSignedIn: (profile: Profile) => Promise<void>
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const [isRecovery, setIsRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const signIn = useMutation(
    trpc.auth.signInWithCode.mutationOptions({
      onSuccess: onSignedIn,
      onError: (err) => {
        const appError = parseAppError(err)
        if (appError.code === 'SIGN_IN_EXPIRED') {
          notifyError(err, t('auth.code.failedTitle'))
          onRestart()
          return
        }
        if (appError.code === 'INVALID_TWO_FACTOR_CODE' || appError.code === 'VALIDATION') {
          setError(t('errors.INVALID_TWO_FACTOR_CODE'))
          setCode('')
          return
        }
        setError(appErrorMessage(appError))
      },
    }),
  )

  const submit = () => {
    const value = code.trim()
    if (value === '') {
      setError(t(isRecovery ? 'auth.code.recoveryRequired' : 'auth.code.codeRequired'))
      return
    }
    setError(undefined)
    signIn.mutate({ challenge, code: value })
  }

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <FormField
        id={`${id}-code`}
        label={t(isRecovery ? 'auth.code.recoveryLabel' : 'auth.code.label')}
        description={t(isRecovery ? 'auth.code.recoveryHint' : 'auth.code.hint')}
        error={error}
      >
        <FormControl>
          {isRecovery ? (
            <Input
              key="recovery"
              autoComplete="off"
              autoFocus
              spellCheck={false}
              placeholder="xxxxx-xxxxx"
              className="font-mono"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          ) : (
            <Input
              key="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={6}
              placeholder="123456"
              className="font-mono tracking-[0.3em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </FormControl>
      </FormField>
      <Button type="submit" size="lg" className="w-full" isLoading={signIn.isPending}>
        {t('auth.code.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setIsRecovery((r) => !r)
            setCode('')
            setError(undefined)
          }}
        >
          {t(isRecovery ? 'auth.code.useApp' : 'auth.code.useRecovery')}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onRestart}>
          {t('auth.code.back')}
        </Button>
      </div>
    </form>
  )
}
