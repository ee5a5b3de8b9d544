import { useTranslation } from 'react-i18next'
import type { PasskeyAssertion } from '@app/domain'
import { StepUpFields, useStepUp } from '@/components/step-up-fields'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { formatSatNumber } from '@/lib/money-format'
import type { Quote } from './use-withdraw'
import { useSatsWithFiat } from './withdraw-summary'

/**
 * The last step: destination, amount, fee and total again, and the account password (and the
 * second factor when on) before anything is sent.
 */
export function ConfirmDialog({
  quote,
  currency,
  destination,
  isOpen,
  isSending,
  error,
  onCancel,
  onConfirm,
}: {
  quote: Quote | null
  currency: string
  /** what the user typed: shown when it was resolved to something else (a Lightning address) */
  destination: string
  isOpen: boolean
  isSending: boolean
  error: string | null
  onCancel: () => void
  /** the password, and the code or a passkey's answer to the session's step-up challenge */
  onConfirm: (password: string, code: string, passkey?: PasskeyAssertion) => void
}) {
  const { t } = useTranslation()
  const stepUp = useStepUp()
  const satsWithFiat = useSatsWithFiat(currency)
  if (!quote) return null
  const sats = (n: number) => t('withdraw.sats', { amount: formatSatNumber(n) })
  const isResolved =
    quote.destinationType === 'lightning-address' || quote.destinationType === 'lnurl'
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSending) onCancel()
      }}
    >
      <DialogContent closeLabel={t('withdraw.confirm.cancel')}>
        <DialogHeader>
          <DialogTitle>{t('withdraw.confirm.title')}</DialogTitle>
          <DialogDescription>{t('withdraw.confirm.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            const proof = stepUp.proof()
            onConfirm(proof.password, proof.code ?? '', proof.passkey)
          }}
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('withdraw.confirm.destination')}</dt>
            <dd className="grid gap-1 font-mono text-xs break-all">
              {isResolved && <span className="text-sm">{destination.trim()}</span>}
              <span className={isResolved ? 'text-muted-foreground' : undefined}>
                {quote.target}
              </span>
            </dd>
            <dt className="text-muted-foreground">{t('withdraw.confirm.amount')}</dt>
            <dd className="tabular-nums">{sats(quote.amountSat)}</dd>
            <dt className="text-muted-foreground">
              {quote.rail === 'lightning'
                ? t('withdraw.confirm.feeLimit')
                : t('withdraw.confirm.fee')}
            </dt>
            <dd className="tabular-nums">
              {satsWithFiat(quote.feeSat)}
              {quote.satPerVbyte !== null &&
                ` · ${t('withdraw.priority.rate', { rate: quote.satPerVbyte })}`}
            </dd>
            <dt className="font-medium">{t('withdraw.confirm.total')}</dt>
            <dd className="font-medium tabular-nums">{sats(quote.totalSat)}</dd>
          </dl>
          <StepUpFields
            id="withdraw"
            value={stepUp.value}
            onChange={stepUp.setValue}
            passwordLabel={t('withdraw.confirm.password')}
            codeLabel={t('withdraw.confirm.code')}
            codeHint={t('withdraw.confirm.codeHint')}
          />
          {error && <p className="text-sm font-medium text-destructive">{error}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={isSending}>
              {t('withdraw.confirm.cancel')}
            </Button>
            <Button type="submit" disabled={isSending || !stepUp.isFilled}>
              {isSending && <Spinner />}
              {t('withdraw.confirm.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
