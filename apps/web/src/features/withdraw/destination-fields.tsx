import { AlertTriangle, ClipboardPaste } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { QrScanButton } from '@/components/qr-scanner'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { notify } from '@/lib/notify'
import { scannedDestination } from './detect'
import type { Balances } from './use-withdraw'
import type { WithdrawForm } from './use-withdraw-form'

/**
 * Where the money goes: from an exchange, one of the destinations registered there (or a
 * Lightning invoice when it pays them); from any other wallet, whatever is typed, pasted or
 * scanned. What the destination is detected as shows under the field as it is typed.
 */
export function DestinationFields({
  form,
  balances: b,
}: {
  form: WithdrawForm
  balances: Balances | undefined
}) {
  const { t } = useTranslation()
  const { detected, registered } = form
  const destination = form.values.destination
  const isExchange = b?.registeredOnly === true
  const setDestination = (text: string) => form.edit({ destination: text })
  const destinationError = detected.state === 'error' ? t(`errors.${detected.code}`) : undefined
  const detectedText =
    detected.state === 'ok'
      ? t('withdraw.destination.detected', { kind: t(`withdraw.kind.${detected.kind}`) })
      : undefined

  const pasteDestination = async () => {
    try {
      const text = await navigator.clipboard.readText()
      setDestination(text.trim())
    } catch {
      notify.error(t('withdraw.destination.pasteFailed'))
    }
  }
  const scanButton = (
    <QrScanButton
      title={t('withdraw.destination.scanTitle')}
      onResult={(text) => setDestination(scannedDestination(text))}
    />
  )

  return (
    <>
      {isExchange && (
        <FormField
          id="withdraw-registered"
          label={t('withdraw.destination.label')}
          description={
            b.destinations.length === 0 ? t('withdraw.destination.noneRegistered') : undefined
          }
        >
          <FormControl>
            <NativeSelect
              value={registered ? destination : ''}
              onChange={(e) => setDestination(e.target.value)}
            >
              <option value="">{t('withdraw.destination.choose')}</option>
              {b.destinations.map((d) => (
                <option key={d.key} value={d.key}>
                  {`${d.key} · ${t(`withdraw.rail.${d.rail}`)}${d.address ? ` · ${d.address.slice(0, 18)}…` : ''}`}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        </FormField>
      )}
      {isExchange && b.canLightning && (
        <FormField
          id="withdraw-exchange-invoice"
          label={t('withdraw.destination.exchangeInvoice')}
          error={registered ? undefined : destinationError}
          description={
            (!registered && detectedText) || t('withdraw.destination.exchangeInvoiceHint')
          }
        >
          <div className="flex flex-col gap-2 sm:flex-row">
            <FormControl>
              <Input
                value={registered ? '' : destination}
                onChange={(e) => setDestination(e.target.value)}
                placeholder="lnbc…"
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-sm"
              />
            </FormControl>
            {scanButton}
          </div>
        </FormField>
      )}
      {!isExchange && (
        <FormField
          id="withdraw-destination"
          label={t('withdraw.destination.label')}
          error={destinationError}
          description={detectedText ?? t('withdraw.destination.hint')}
        >
          <div className="flex flex-col gap-2 sm:flex-row">
            <FormControl>
              <Input
                value={destination}
                onChange={(e) => setDestination(e.target.value)}
                placeholder={t('withdraw.destination.placeholder')}
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-sm"
              />
            </FormControl>
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => void pasteDestination()}>
                <ClipboardPaste aria-hidden />
                {t('withdraw.destination.paste')}
              </Button>
              {scanButton}
            </div>
          </div>
        </FormField>
      )}

      {b && form.rail === 'onchain' && !b.canOnchain && (
        <Alert variant="warning">
          <AlertTriangle aria-hidden />
          <AlertDescription>{t('withdraw.noOnchain')}</AlertDescription>
        </Alert>
      )}
      {b && isExchange && (
        <Alert>
          <AlertDescription>
            {b.canLightning ? t('withdraw.exchangeLightning') : t('withdraw.exchangeRegistered')}
          </AlertDescription>
        </Alert>
      )}
    </>
  )
}
