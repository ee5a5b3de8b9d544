/**
 * Ecash at the terminal (loaded when chosen): the amount due with its sats, the customer's Cashu
 * token scanned with the camera or pasted, taken by the server for the amount and tip keyed in.
 * Once taken, the payment screen shows it paid (or waiting while the mint finishes).
 */
import { fiatMinorToSat } from '@app/domain'
import { useMutation } from '@tanstack/react-query'
import { ArrowLeft, ClipboardPaste, Coins, ScanLine } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { canScanQr } from '@/components/qr-scanner-support'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { parseAppError } from '@/lib/app-error'
import { cleanTokenText, looksLikeToken } from '@/lib/cashu-token'
import { formatSatNumber } from '@/lib/money-format'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { newChargeKey } from './use-terminal'

const QrScanner = lazy(() =>
  import('@/components/qr-scanner').then((m) => ({ default: m.QrScanner })),
)

export interface EcashDue {
  /** as keyed, before the tip */
  amount: { fiatMinor: number } | { sat: number }
  tip: number
  memo: string
  /** the total as the screen shows it (fiat or sats) */
  totalText: string
  /** the amount and tip in the keyed unit */
  total: number
  /** the business's price, minor units per bitcoin (null: unknown) */
  minorPerBtc: number | null
}

/** The sats due for what was keyed, at the price the screen knows. */
function dueSatOf(due: EcashDue): number | null {
  if ('sat' in due.amount) return due.total
  return due.minorPerBtc === null ? null : fiatMinorToSat(due.total, due.minorPerBtc)
}

export function EcashCharge({
  due,
  onBack,
  onTaken,
}: {
  due: EcashDue
  onBack: () => void
  onTaken: (paymentId: string) => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const tokenId = useId()
  const [token, setToken] = useState('')
  const [isScanning, setIsScanning] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const redeem = useMutation(trpc.terminal.redeemEcash.mutationOptions())
  const pending = useRef<{ token: string; key: string } | null>(null)
  const dueSat = dueSatOf(due)
  const canPaste = typeof navigator !== 'undefined' && !!navigator.clipboard?.readText

  const take = (raw: string) => {
    const text = cleanTokenText(raw)
    if (!looksLikeToken(text)) {
      setProblem(t('terminal.ecash.notAToken'))
      return
    }
    setProblem(null)
    // the same token for the same amount is the same redemption: a retry gets its payment
    if (pending.current?.token !== text) pending.current = { token: text, key: newChargeKey() }
    redeem.mutate(
      {
        amount: due.amount,
        tip: due.tip,
        memo: due.memo,
        token: text,
        idempotencyKey: pending.current.key,
      },
      {
        onSuccess: (payment) => {
          pending.current = null
          onTaken(payment.id)
        },
        onError: (error) => setProblem(appErrorMessage(parseAppError(error))),
      },
    )
  }

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim()
      setToken(text)
      if (looksLikeToken(text)) take(text)
    } catch {
      setProblem(t('terminal.ecash.pasteFailed'))
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-xl content-start gap-4 p-4 md:p-6">
      <div className="grid gap-1 text-center">
        <h2 className="flex items-center justify-center gap-2 text-lg font-semibold">
          <Coins className="size-5" aria-hidden />
          {t('terminal.method.ecash')}
        </h2>
        <p className="text-4xl font-semibold tracking-tight tabular-nums" data-testid="ecash-total">
          {due.totalText}
        </p>
        {dueSat !== null && (
          <p className="text-base text-muted-foreground tabular-nums" data-testid="ecash-due-sat">
            {t('payments.sats', { amount: formatSatNumber(dueSat) })}
          </p>
        )}
      </div>
      <p className="text-center text-sm text-muted-foreground">
        {dueSat === null
          ? t('terminal.ecash.askNoPrice')
          : t('terminal.ecash.ask', {
              amount: t('payments.sats', { amount: formatSatNumber(dueSat) }),
            })}
      </p>
      {canScanQr() && (
        <Button
          size="lg"
          className="h-14 text-lg"
          disabled={redeem.isPending}
          onClick={() => setIsScanning(true)}
        >
          <ScanLine aria-hidden />
          {t('terminal.ecash.scan')}
        </Button>
      )}
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          take(token)
        }}
      >
        <label htmlFor={tokenId} className="text-sm font-medium">
          {t('terminal.ecash.token')}
        </label>
        <Textarea
          id={tokenId}
          value={token}
          onChange={(e) => {
            setToken(e.target.value)
            setProblem(null)
          }}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder="cashuB…"
          className="font-mono text-xs break-all"
          aria-invalid={problem !== null}
        />
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {canPaste && (
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={redeem.isPending}
              onClick={() => void paste()}
            >
              <ClipboardPaste aria-hidden />
              {t('terminal.ecash.paste')}
            </Button>
          )}
          <Button
            type="submit"
            size="lg"
            className={canPaste ? '' : 'sm:col-span-2'}
            disabled={token.trim() === ''}
            isLoading={redeem.isPending}
          >
            {t('terminal.ecash.take')}
          </Button>
        </div>
      </form>
      <Button variant="ghost" size="lg" onClick={onBack} disabled={redeem.isPending}>
        <ArrowLeft aria-hidden />
        {t('terminal.ecash.back')}
      </Button>
      {isScanning && (
        <Suspense fallback={null}>
          <QrScanner
            title={t('terminal.ecash.scanTitle')}
            onClose={() => setIsScanning(false)}
            onResult={(text) => {
              setIsScanning(false)
              setToken(text)
              take(text)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
