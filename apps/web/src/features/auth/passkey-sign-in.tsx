import { useMutation } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/notify'
import { passkeyErrorMessage, signWithPasskey } from '@/lib/passkeys'
import { useTRPCClient, type Profile } from '@/lib/trpc'

/**
 * "Sign in with a passkey": a challenge from the server, the browser's passkey prompt (its code
 * loads on the click), then the session. The passkey names the account: no email is typed.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (profile: Profile) => Promise<void> }) {
  const { t } = useTranslation()
  const client = useTRPCClient()
  const [error, setError] = useState<string | null>(null)
  const signIn = useMutation({
    mutationFn: async () => {
      const options = await client.passkeys.signInOptions.mutate()
      const response = await signWithPasskey(options)
      return client.passkeys.signIn.mutate({ response })
    },
    onMutate: () => setError(null),
    onSuccess: onSignedIn,
    onError: (err) => {
      const message = passkeyErrorMessage(err)
      setError(message)
      notify.error(t('auth.passkey.failedTitle'), message)
    },
  })
  return (
    <div className="mt-5 grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('auth.passkey.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        isLoading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {!signIn.isPending && <KeyRound aria-hidden />}
        {t('auth.passkey.signIn')}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
