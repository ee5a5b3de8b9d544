import { LOOP_MAX_PREPAY_SAT } from '@app/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ArrowUpFromLine, Calculator } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { StepUpFields, useStepUp } from '@/components/step-up-fields'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatSatNumber } from '@/lib/money-format'
import { notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { AddressField, Fact, PrepayWarning, SatsField } from './loop-fields'
import type { LoopOverview, LoopQuote } from './loop-types'

/**
 * A manual swap out: an amount within loopd's terms, its quote (swap fee, miner fee, no-show
 * prepay) before confirming, then the swap in the list below. One idempotency key per quote, so
 * a confirm sent twice starts one swap.
 */
export function SwapOutCard({
  businessId,
  overview,
}: {
  businessId: string
  overview: LoopOverview
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { terms } = overview
  const [amount, setAmount] = useState('')
  const [destAddress, setDestAddress] = useState('')
  const [error, setError] = useState<string>()
  const [quote, setQuote] = useState<{ value: LoopQuote; key: string } | null>(null)
  const stepUp = useStepUp()
  const sats = (n: number) => t('loop.sats', { amount: formatSatNumber(n) })
  const getQuote = useMutation(
    trpc.loop.quote.mutationOptions({
      onSuccess: (value) => setQuote({ value, key: crypto.randomUUID() }),
      onError: (e) => notifyError(e),
    }),
  )
  const start = useMutation(
    trpc.loop.swapOut.mutationOptions({
      onSuccess: async () => {
        setQuote(null)
        setAmount('')
        stepUp.reset()
        await queryClient.invalidateQueries({ queryKey: trpc.loop.swaps.queryKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.loop.overview.queryKey() })
      },
      onError: (e) => {
        const shown = notifyError(e, t('loop.swapOut.failedTitle'))
        if (shown.code === 'LOOP_QUOTE_CHANGED') setQuote(null)
      },
    }),
  )
  function ask(e: FormEvent) {
    e.preventDefault()
    const amountSat = Number(amount)
    if (!Number.isSafeInteger(amountSat) || amountSat < terms.minSat || amountSat > terms.maxSat) {
      setError(
        t('loop.swapOut.range', {
          min: formatSatNumber(terms.minSat),
          max: formatSatNumber(terms.maxSat),
        }),
      )
      return
    }
    setError(undefined)
    getQuote.mutate({ businessId, amountSat })
  }
  const q = quote?.value
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('loop.swapOut.title')}</CardTitle>
        <CardDescription>{t('loop.swapOut.explain')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {!q ? (
          <form className="grid gap-4" onSubmit={ask} noValidate>
            <SatsField
              id="swap-amount"
              label={t('loop.swapOut.amount')}
              description={t('loop.swapOut.range', {
                min: formatSatNumber(terms.minSat),
                max: formatSatNumber(terms.maxSat),
              })}
              error={error}
              value={amount}
              onChange={setAmount}
            />
            <AddressField
              id="swap-dest"
              label={t('loop.swapOut.destAddress')}
              description={t('loop.swapOut.destHint')}
              value={destAddress}
              onChange={setDestAddress}
            />
            <div className="flex justify-end">
              <Button type="submit" isLoading={getQuote.isPending} className="max-sm:w-full">
                <Calculator aria-hidden />
                {t('loop.swapOut.getQuote')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="grid gap-4" data-testid="swap-quote">
            <dl className="grid gap-3 sm:grid-cols-2">
              <Fact label={t('loop.swapOut.amount')}>{sats(q.amountSat)}</Fact>
              <Fact label={t('loop.swapOut.swapFee')}>{sats(q.swapFeeSat)}</Fact>
              <Fact label={t('loop.swapOut.minerFee')}>{sats(q.sweepFeeSat)}</Fact>
              <Fact label={t('loop.swapOut.prepay')}>
                {sats(q.prepaySat)}
                <span className="block text-xs font-normal text-muted-foreground">
                  {t('loop.swapOut.prepayHint')}
                </span>
              </Fact>
              <Fact label={t('loop.swapOut.received')}>{sats(q.amountSat - q.sweepFeeSat)}</Fact>
              <Fact label={t('loop.swapOut.leaves')}>{sats(q.amountSat + q.swapFeeSat)}</Fact>
            </dl>
            <PrepayWarning amountSat={Math.min(q.prepaySat, LOOP_MAX_PREPAY_SAT)} />
            <StepUpFields id="swap" value={stepUp.value} onChange={stepUp.setValue} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setQuote(null)} className="max-sm:w-full">
                {t('loop.cancel')}
              </Button>
              <Button
                isLoading={start.isPending}
                className="max-sm:w-full"
                onClick={() =>
                  start.mutate({
                    businessId,
                    amountSat: q.amountSat,
                    destAddress: destAddress.trim() || undefined,
                    idempotencyKey: quote.key,
                    quote: {
                      swapFeeSat: q.swapFeeSat,
                      prepaySat: q.prepaySat,
                      sweepFeeSat: q.sweepFeeSat,
                      confTarget: q.confTarget,
                    },
                    ...(stepUp.isFilled ? stepUp.proof() : {}),
                  })
                }
              >
                <ArrowUpFromLine aria-hidden />
                {t('loop.swapOut.confirm')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
