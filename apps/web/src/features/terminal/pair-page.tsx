/**
 * Pairing: the terminal signs in as a device login, by opening or scanning its pairing QR (the
 * camera, where there is one) or by typing its login id and secret. The device session then
 * lasts until the device is revoked in the dashboard.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ScanLine } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { canScanQr } from '@/components/qr-scanner-support'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useSimpleForm } from '@/lib/simple-form'
import { useTRPC } from '@/lib/trpc'
import { checkPairing } from './pair-checks'
import { rememberTerminalScreen } from './paired-hint'
import { parsePairing, type PairingCredentials } from './pairing'
import './terminal.css'

// the camera dialog loads when it opens, not with the page
const QrScanner = lazy(() =>
  import('@/components/qr-scanner').then((m) => ({ default: m.QrScanner })),
)

export function PairPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isScanning, setIsScanning] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const form = useSimpleForm<PairingCredentials>({
    defaultValues: { loginId: '', secret: '' },
    check: checkPairing,
  })
  const signIn = useMutation(
    trpc.device.signIn.mutationOptions({
      onSuccess: async () => {
        // a staff member signs in next (the terminal's route corrects it for a kiosk)
        rememberTerminalScreen('staff')
        queryClient.clear()
        // the secret leaves the address bar and the history
        history.replaceState(null, '', '/terminal')
        await navigate({ to: '/terminal', replace: true })
      },
      onError: (error) => setProblem(appErrorMessage(parseAppError(error))),
    }),
  )
  const pair = (c: PairingCredentials) => {
    setProblem(null)
    signIn.mutate(c)
  }

  // On this page the terminal is not paired (any more).
  useEffect(() => rememberTerminalScreen('pair'), [])

  // Opened from the pairing link: pair at once.
  const fromLink = useRef(false)
  useEffect(() => {
    const found = parsePairing(window.location.hash)
    if (!found || fromLink.current) return
    fromLink.current = true
    form.reset(found)
    signIn.mutate(found)
  }, [form, signIn])

  const { errors } = form
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-4 text-foreground">
      <div className="grid w-full max-w-md gap-5 rounded-xl border border-border bg-card p-6 shadow-sm">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t('terminal.pair.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('terminal.pair.description')}</p>
        </div>
        {canScanQr() && (
          <Button size="lg" onClick={() => setIsScanning(true)}>
            <ScanLine aria-hidden />
            {t('terminal.pair.scan')}
          </Button>
        )}
        {problem && (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        )}
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(pair)}>
          <FormField
            id="loginId"
            label={t('terminal.pair.loginId')}
            error={errors.loginId && t('terminal.pair.badLoginId')}
          >
            <FormControl>
              <Input
                autoComplete="username"
                spellCheck={false}
                placeholder="dev_…"
                {...form.field('loginId')}
              />
            </FormControl>
          </FormField>
          <FormField
            id="secret"
            label={t('terminal.pair.secret')}
            error={errors.secret && t('terminal.pair.badSecret')}
          >
            <FormControl>
              <PasswordInput autoComplete="current-password" {...form.field('secret')} />
            </FormControl>
          </FormField>
          <Button type="submit" size="lg" variant="outline" isLoading={signIn.isPending}>
            {t('terminal.pair.submit')}
          </Button>
        </form>
      </div>
      {isScanning && (
        <Suspense>
          <QrScanner
            title={t('terminal.pair.scan')}
            onClose={() => setIsScanning(false)}
            onResult={(text) => {
              const found = parsePairing(text)
              if (found) pair(found)
              else setProblem(t('terminal.pair.notAPairingCode'))
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
