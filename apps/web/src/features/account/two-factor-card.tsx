import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { ShieldCheck, ShieldOff } from 'lucide-react'
import { QRCodeSVG } from 'qrcode.react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
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
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { parseAppError } from '@/lib/app-error'
import { formatDate } from '@/lib/format'
import { appErrorMessage, notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { DisableTwoFactorDialog } from './disable-two-factor-dialog'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { RenewRecoveryCodesDialog } from './renew-recovery-codes-dialog'

/**
 * Two-step verification: off, set up by scanning a QR code and typing its first code (then
 * the recovery codes, shown once), or on with how many recovery codes are left and "Turn off".
 */
export function TwoFactorCard() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { data: status } = useSuspenseQuery(trpc.account.twoFactor.status.queryOptions())
  const [enrolment, setEnrolment] = useState<{ uri: string; secret: string } | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [isDisabling, setIsDisabling] = useState(false)
  const [isRenewing, setIsRenewing] = useState(false)
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.account.twoFactor.status.queryKey() })

  const start = useMutation(
    trpc.account.twoFactor.start.mutationOptions({
      onSuccess: setEnrolment,
      onError: (error) => notifyError(error, t('account.twoFactor.failedTitle')),
    }),
  )

  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="flex min-w-0 items-center gap-2">
            {status.isEnabled ? (
              <ShieldCheck className="size-4 text-success" aria-hidden />
            ) : (
              <ShieldOff className="size-4 text-muted-foreground" aria-hidden />
            )}
            {t('account.twoFactor.title')}
          </CardTitle>
          <Badge variant={status.isEnabled ? 'success' : 'outline'}>
            {status.isEnabled ? t('account.twoFactor.on') : t('account.twoFactor.off')}
          </Badge>
        </div>
        <CardDescription>{t('account.twoFactor.description')}</CardDescription>
      </CardHeader>
      {recoveryCodes ? (
        <CardContent>
          <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        </CardContent>
      ) : enrolment ? (
        <EnrolmentForm
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onEnabled={async (codes) => {
            setEnrolment(null)
            setRecoveryCodes(codes)
            notify.success(
              t('account.twoFactor.enabledTitle'),
              t('account.twoFactor.enabledMessage'),
            )
            await refresh()
          }}
        />
      ) : (
        <>
          <CardContent className="text-sm text-muted-foreground">
            {status.isEnabled ? (
              <p>
                {status.enabledAt &&
                  t('account.twoFactor.enabledSince', { date: formatDate(status.enabledAt) })}{' '}
                {t('account.twoFactor.recoveryLeft', { count: status.recoveryCodesLeft })}
              </p>
            ) : (
              <p>{t('account.twoFactor.offText')}</p>
            )}
          </CardContent>
          <CardFooter className="flex-wrap justify-end gap-2 bg-muted/40">
            {status.isEnabled ? (
              <>
                <Button variant="outline" onClick={() => setIsRenewing(true)}>
                  {t('account.twoFactor.renew')}
                </Button>
                <Button variant="outline" onClick={() => setIsDisabling(true)}>
                  {t('account.twoFactor.disable')}
                </Button>
              </>
            ) : (
              <Button isLoading={start.isPending} onClick={() => start.mutate()}>
                {t('account.twoFactor.setUp')}
              </Button>
            )}
          </CardFooter>
        </>
      )}
      <RenewRecoveryCodesDialog
        open={isRenewing}
        onOpenChange={setIsRenewing}
        onRenewed={async (codes) => {
          setIsRenewing(false)
          setRecoveryCodes(codes)
          await refresh()
        }}
      />
      <DisableTwoFactorDialog
        open={isDisabling}
        onOpenChange={setIsDisabling}
        onDisabled={async () => {
          setIsDisabling(false)
          notify.success(
            t('account.twoFactor.disabledTitle'),
            t('account.twoFactor.disabledMessage'),
          )
          await refresh()
        }}
      />
    </Card>
  )
}

function EnrolmentForm({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: { uri: string; secret: string }
  onCancel: () => void
  onEnabled: (codes: string[]) => Promise<void>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const confirm = useMutation(
    trpc.account.twoFactor.confirm.mutationOptions({
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (err) => {
        const appError = parseAppError(err)
        if (appError.code === 'INVALID_TWO_FACTOR_CODE') setCode('')
        setError(appErrorMessage(appError))
      },
    }),
  )
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (code.length !== 6) {
          setError(t('auth.code.codeRequired'))
          return
        }
        setError(undefined)
        confirm.mutate({ code })
      }}
    >
      <CardContent className="grid gap-6">
        <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
          <div className="mx-auto rounded-lg border border-border bg-white p-3">
            <QRCodeSVG
              value={enrolment.uri}
              size={168}
              marginSize={0}
              role="img"
              aria-label={t('account.twoFactor.qrLabel')}
            />
          </div>
          <div className="grid min-w-0 gap-3 text-sm">
            <p className="font-medium text-foreground">{t('account.twoFactor.scanTitle')}</p>
            <p className="text-muted-foreground">{t('account.twoFactor.scanHint')}</p>
            <div className="grid gap-2">
              <span className="text-xs font-medium text-muted-foreground">
                {t('account.twoFactor.secretLabel')}
              </span>
              <code
                data-testid="totp-secret"
                data-secret={enrolment.secret}
                className="rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm break-all"
              >
                {grouped}
              </code>
              <CopyButton
                value={enrolment.secret}
                label={t('account.twoFactor.copyKey')}
                size="sm"
                className="w-fit"
              />
            </div>
          </div>
        </div>
        <FormField
          id={`${id}-code`}
          label={t('account.twoFactor.confirmLabel')}
          description={t('auth.code.hint')}
          error={error}
          className="max-w-xs"
        >
          <FormControl>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="font-mono tracking-[0.3em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </FormControl>
        </FormField>
      </CardContent>
      <CardFooter className="justify-end gap-2 bg-muted/40">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('account.twoFactor.cancel')}
        </Button>
        <Button type="submit" isLoading={confirm.isPending}>
          {t('account.twoFactor.confirm')}
        </Button>
      </CardFooter>
    </form>
  )
}
