/**
 * Pairing: the terminal signs in as a device login, by opening or scanning its pairing QR (the
 * camera, where there is one) or by typing its login id and secret. The device session then
 * lasts until the device is revoked in the dashboard. A pairing link opened on a terminal that
 * is paired already asks first (`repair-confirm.tsx`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ScanLine } from 'lucide-react'
import {
  DEVICE_LOGIN_ID_MAX,
  DEVICE_LOGIN_ID_MIN,
  DEVICE_SECRET_MAX,
  DEVICE_SECRET_MIN,
} from '@app/domain'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { canScanQr } from '@/components/qr-scanner-support'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { UNAUTHORIZED_IS_AN_ANSWER } from '@/lib/query-client'
import { useSimpleForm } from '@/lib/simple-form'
import { useTRPC, useTRPCClient } from '@/lib/trpc'
import { checkPairing } from './pair-checks'
import { rememberTerminalScreen } from './paired-hint'
import { parsePairing, type PairingCredentials } from './pairing'
import { RepairConfirm, type PairedTo } from './repair-confirm'
import './terminal.css'

// the camera dialog loads when it opens, not with the page
const QrScanner = lazy(() =>
  import('@/components/qr-scanner').then((m) => ({ default: m.QrScanner })),
)

/** Why pairing failed, in the terminal's words. */
function pairingProblem(error: unknown, t: TFunction): string {
  const appError = parseAppError(error)
  // the catalogue's INVALID_CREDENTIALS speaks of an email address; a terminal has none
  return appError.code === 'INVALID_CREDENTIALS'
    ? t('terminal.pair.wrongCredentials')
    : appErrorMessage(appError)
}

/** What the form says under the login id for what `checkPairing` found wrong with it. */
function loginIdMessage(problem: string | undefined, t: TFunction): string | undefined {
  const limits = { min: DEVICE_LOGIN_ID_MIN, max: DEVICE_LOGIN_ID_MAX }
  switch (problem) {
    case undefined:
      return undefined
    case 'required':
      return t('terminal.pair.loginIdRequired')
    case 'prefix':
      return t('terminal.pair.badLoginId')
    case 'characters':
      return t('terminal.pair.loginIdCharacters')
    case 'length':
      return t('terminal.pair.loginIdLength', limits)
    default:
      // a refusal of the server's, in its words
      return problem
  }
}

/** What the form says under the secret for what `checkPairing` found wrong with it. */
function secretMessage(problem: string | undefined, t: TFunction): string | undefined {
  const limits = { min: DEVICE_SECRET_MIN, max: DEVICE_SECRET_MAX }
  switch (problem) {
    case undefined:
      return undefined
    case 'required':
      return t('terminal.pair.secretRequired')
    case 'characters':
      return t('terminal.pair.secretCharacters')
    case 'length':
      return t('terminal.pair.secretLength', limits)
    default:
      return problem
  }
}

export function PairPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isScanning, setIsScanning] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [repair, setRepair] = useState<{
    found: PairingCredentials
    current: PairedTo
    next: PairedTo
  } | null>(null)
  const client = useTRPCClient()
  const describe = (error: unknown) => pairingProblem(error, t)
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
      onError: (error) => {
        setRepair(null)
        setProblem(describe(error))
      },
    }),
  )
  const pair = (c: PairingCredentials) => {
    setProblem(null)
    signIn.mutate(c)
  }

  // Opened from the pairing link: pair at once, or ask first when paired already.
  const fromLink = useRef(false)
  useEffect(() => {
    const found = parsePairing(window.location.hash)
    if (fromLink.current) return
    fromLink.current = true
    void (async () => {
      const meta = UNAUTHORIZED_IS_AN_ANSWER
      const me = await queryClient
        .fetchQuery(trpc.device.me.queryOptions(undefined, { meta }))
        .catch(() => null)
      // on this page without a pairing, the terminal is not paired (any more)
      if (!me) rememberTerminalScreen('pair')
      if (!found) return
      form.reset(found)
      if (!me) return signIn.mutate(found)
      try {
        const [settings, next] = await Promise.all([
          queryClient.fetchQuery(trpc.device.settings.queryOptions()),
          client.device.preview.mutate(found),
        ])
        const current = { businessName: settings.displayName, deviceName: me.device.name }
        setRepair({ found, current, next })
      } catch (error) {
        setProblem(pairingProblem(error, t))
      }
    })()
  }, [form, signIn, queryClient, trpc, client, t])
  const keepPairing = () => {
    setRepair(null)
    history.replaceState(null, '', '/terminal')
    void navigate({ to: '/terminal', replace: true })
  }

  const { errors } = form
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-4 text-foreground">
      <div className="grid w-full max-w-md gap-5 rounded-xl border border-border bg-card p-6 shadow-sm">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t('terminal.pair.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('terminal.pair.description')}</p>
        </div>
        <div role="alert" aria-live="assertive">
          {problem && (
            <Alert variant="destructive">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
        </div>
        {repair ? (
          <RepairConfirm
            current={repair.current}
            next={repair.next}
            isPending={signIn.isPending}
            onConfirm={() => signIn.mutate(repair.found)}
            onCancel={keepPairing}
          />
        ) : (
          <>
            {canScanQr() && (
              <Button size="lg" onClick={() => setIsScanning(true)}>
                <ScanLine aria-hidden />
                {t('terminal.pair.scan')}
              </Button>
            )}
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(pair)}>
              <FormField
                id="loginId"
                label={t('terminal.pair.loginId')}
                error={loginIdMessage(errors.loginId, t)}
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
                error={secretMessage(errors.secret, t)}
              >
                <FormControl>
                  <PasswordInput autoComplete="current-password" {...form.field('secret')} />
                </FormControl>
              </FormField>
              <Button type="submit" size="lg" variant="outline" isLoading={signIn.isPending}>
                {t('terminal.pair.submit')}
              </Button>
            </form>
          </>
        )}
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
