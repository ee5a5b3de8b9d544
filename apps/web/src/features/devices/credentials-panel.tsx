import { Eye, KeyRound, ShieldAlert } from 'lucide-react'
import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

export interface Credentials {
  loginId: string
  secret: string
  pairingUri: string
  /** the same link on PUBLIC_URL, when the server offers the machine's network address (demo) */
  pairingUriAlternative: string | null
}

/**
 * A device's credentials, on the screen that made them only: blurred until Reveal, each with
 * Copy, and the pairing QR a terminal scans (its address chosen by the server; in the demo the
 * machine's network address, with the link on this computer beside it). Closing the panel
 * forgets them.
 */
export function CredentialsPanel({
  deviceName,
  credentials,
  onDone,
}: {
  deviceName: string
  credentials: Credentials
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [isRevealed, setIsRevealed] = useState(false)
  const hidden = isRevealed ? '' : 'blur-sm select-none'
  return (
    <Card className="mb-6 border-primary/40" data-testid="device-credentials">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden />
          {t('devices.credentials.title', { name: deviceName })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[1fr_auto]">
        <div className="grid min-w-0 content-start gap-4">
          <Alert variant="warning">
            <ShieldAlert aria-hidden />
            <AlertTitle>{t('devices.credentials.onceTitle')}</AlertTitle>
            <AlertDescription>{t('devices.credentials.onceMessage')}</AlertDescription>
          </Alert>
          <CredentialLine
            label={t('devices.credentials.loginId')}
            value={credentials.loginId}
            className={hidden}
            copyLabel={t('devices.credentials.copyLoginId')}
          />
          <CredentialLine
            label={t('devices.credentials.secret')}
            value={credentials.secret}
            className={hidden}
            copyLabel={t('devices.credentials.copySecret')}
          />
        </div>
        <div className="grid justify-items-center gap-2">
          <div
            className={cn('rounded-lg bg-white p-3 transition', hidden)}
            aria-hidden={!isRevealed}
          >
            <QRCodeSVG value={credentials.pairingUri} size={176} level="M" marginSize={4} />
          </div>
          <p className="max-w-52 text-center text-xs text-muted-foreground">
            {t('devices.credentials.qrHint')}
          </p>
          {credentials.pairingUriAlternative && (
            <p className="max-w-52 text-center text-xs text-muted-foreground">
              {t('devices.credentials.networkHint', {
                origin: new URL(credentials.pairingUri).origin,
              })}
            </p>
          )}
        </div>
        {credentials.pairingUriAlternative && (
          <div className="md:col-span-2">
            <CredentialLine
              label={t('devices.credentials.alternativeLink')}
              value={credentials.pairingUriAlternative}
              className={hidden}
              copyLabel={t('devices.credentials.copyAlternativeLink')}
            />
          </div>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {!isRevealed && (
          <Button type="button" variant="outline" onClick={() => setIsRevealed(true)}>
            <Eye aria-hidden />
            {t('devices.credentials.reveal')}
          </Button>
        )}
        <Button type="button" className="ml-auto" onClick={onDone}>
          {t('devices.credentials.done')}
        </Button>
      </CardFooter>
    </Card>
  )
}

function CredentialLine({
  label,
  value,
  className,
  copyLabel,
}: {
  label: string
  value: string
  className: string
  copyLabel: string
}) {
  return (
    <div className="grid gap-1">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className={cn(
            'min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all transition',
            className,
          )}
        >
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} size="sm" />
      </div>
    </div>
  )
}
