import {
  AUTOLOOP_MAX_FEE_PERCENT,
  AUTOLOOP_MIN_FEE_PERCENT,
  LOOP_MAX_PREPAY_SAT,
} from '@app/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Info, Power, Repeat } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { StepUpFields, useStepUp } from '@/components/step-up-fields'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
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
import { formatPercent } from '@/lib/format'
import { formatSatNumber } from '@/lib/money-format'
import { notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { AddressField, Fact, PrepayWarning, SatsField } from './loop-fields'
import type { LoopOverview } from './loop-types'

const STATE_VARIANT = {
  not_enabled: 'outline',
  about_to_activate: 'warning',
  enabled: 'success',
} as const

/**
 * Autoloop: its state in plain words, why it has not run (loopd's reasons), and the setup with
 * the merchant's own address, the threshold, a fee budget and the most a swap's fees may take.
 */
export function AutoloopCard({
  businessId,
  overview,
  mayPayOut,
}: {
  businessId: string
  overview: LoopOverview
  /** whether the member's role may pay out: setting autoloop up needs it, turning it off not */
  mayPayOut: boolean
}) {
  const { t } = useTranslation()
  const { autoloop, suggestion } = overview
  const [isEditing, setIsEditing] = useState(false)
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.loop.overview.queryKey() })
  const disable = useMutation(
    trpc.loop.disableAutoloop.mutationOptions({
      onSuccess: refresh,
      onError: (error) => notifyError(error),
    }),
  )
  const sats = (amount: number) => t('loop.sats', { amount: formatSatNumber(amount) })
  const isOn = autoloop.state !== 'not_enabled'
  const showForm = mayPayOut && (isEditing || !isOn)
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('loop.autoloop.title')}</CardTitle>
          <Badge variant={STATE_VARIANT[autoloop.state]} data-testid="autoloop-state">
            {t(`loop.autoloop.state.${autoloop.state}`)}
          </Badge>
        </div>
        <CardDescription>{t('loop.autoloop.explain')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {autoloop.state === 'enabled' && (
          <p className="font-medium" data-testid="autoloop-sentence">
            {t('loop.autoloop.activatesAfter', {
              amount: formatSatNumber(autoloop.receiveMoreSat),
            })}
          </p>
        )}
        {autoloop.state === 'about_to_activate' && (
          <p className="font-medium" data-testid="autoloop-sentence">
            {t('loop.autoloop.aboutToActivate')}
          </p>
        )}
        {isOn && !isEditing && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t('loop.autoloop.destAddress')}>
              <span className="font-mono text-xs break-all">{autoloop.destAddress}</span>
            </Fact>
            <Fact label={t('loop.autoloop.threshold')}>{sats(autoloop.thresholdSat ?? 0)}</Fact>
            <Fact label={t('loop.autoloop.budget')}>{sats(autoloop.budgetSat)}</Fact>
            <Fact label={t('loop.autoloop.maxFee')}>
              {autoloop.maxFeePercent === null ? '—' : formatPercent(autoloop.maxFeePercent)}
            </Fact>
          </dl>
        )}
        {isOn && suggestion.reasons.length > 0 && (
          <Alert variant="info" data-testid="autoloop-reasons">
            <Info aria-hidden />
            <AlertTitle>{t('loop.autoloop.whyNotTitle')}</AlertTitle>
            <AlertDescription>
              <ul className="list-disc ps-4">
                {suggestion.reasons.map((r) => (
                  <li key={r}>{t(`loop.reasons.${r}`)}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        {showForm && (
          <AutoloopForm
            businessId={businessId}
            overview={overview}
            onDone={() => {
              setIsEditing(false)
              void refresh()
            }}
            onCancel={isOn ? () => setIsEditing(false) : undefined}
          />
        )}
      </CardContent>
      {isOn && !isEditing && (
        <CardFooter className="flex-wrap justify-end gap-2 bg-muted/40">
          <Button
            variant="ghost"
            isLoading={disable.isPending}
            onClick={() => disable.mutate({ businessId })}
            className="max-sm:w-full"
          >
            <Power aria-hidden />
            {t('loop.autoloop.turnOff')}
          </Button>
          {mayPayOut && (
            <Button variant="outline" onClick={() => setIsEditing(true)} className="max-sm:w-full">
              {t('loop.autoloop.change')}
            </Button>
          )}
        </CardFooter>
      )}
    </Card>
  )
}

function AutoloopForm({
  businessId,
  overview,
  onDone,
  onCancel,
}: {
  businessId: string
  overview: LoopOverview
  onDone: () => void
  onCancel?: () => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { autoloop, terms } = overview
  const [destAddress, setDestAddress] = useState(autoloop.destAddress ?? '')
  const [threshold, setThreshold] = useState(String(autoloop.thresholdSat ?? 1_000_000))
  const [budget, setBudget] = useState(String(autoloop.budgetSat || 50_000))
  const [maxFee, setMaxFee] = useState(String(autoloop.maxFeePercent ?? 2))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const stepUp = useStepUp()
  const setup = useMutation(
    trpc.loop.setupAutoloop.mutationOptions({
      onSuccess: () => {
        stepUp.reset()
        onDone()
      },
      onError: (error) => {
        const shown = notifyError(error, t('errors.AUTOLOOP_SETUP_FAILED'))
        if (shown.code === 'LOOP_INVALID_ADDRESS') {
          setErrors({ destAddress: t('errors.LOOP_INVALID_ADDRESS') })
        }
      },
    }),
  )
  function submit(e: FormEvent) {
    e.preventDefault()
    const found: Record<string, string> = {}
    const thresholdSat = Number(threshold)
    const budgetSat = Number(budget)
    const maxFeePercent = Number(maxFee.replace(',', '.'))
    if (!destAddress.trim()) found.destAddress = t('loop.autoloop.addressRequired')
    if (!Number.isSafeInteger(thresholdSat) || thresholdSat < 0)
      found.threshold = t('loop.autoloop.wholeSats')
    if (!Number.isSafeInteger(budgetSat) || budgetSat < 1)
      found.budget = t('loop.autoloop.wholeSats')
    if (
      !Number.isFinite(maxFeePercent) ||
      maxFeePercent < AUTOLOOP_MIN_FEE_PERCENT ||
      maxFeePercent > AUTOLOOP_MAX_FEE_PERCENT
    ) {
      found.maxFee = t('loop.autoloop.feeRange', {
        min: AUTOLOOP_MIN_FEE_PERCENT,
        max: AUTOLOOP_MAX_FEE_PERCENT,
      })
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setup.mutate({
      businessId,
      destAddress: destAddress.trim(),
      thresholdSat,
      budgetSat,
      maxFeePercent,
      // where autoloop sends: the password (or the session's recent step-up)
      ...(stepUp.isFilled ? stepUp.proof() : {}),
    })
  }
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <AddressField
        id="autoloop-dest"
        label={t('loop.autoloop.destAddress')}
        description={t('loop.autoloop.destHint')}
        error={errors.destAddress}
        value={destAddress}
        onChange={setDestAddress}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SatsField
          id="autoloop-threshold"
          label={t('loop.autoloop.threshold')}
          description={t('loop.autoloop.thresholdHint', {
            amount: formatSatNumber(terms.minSat),
          })}
          error={errors.threshold}
          className="sm:col-span-3"
          value={threshold}
          onChange={setThreshold}
        />
        <SatsField
          id="autoloop-budget"
          label={t('loop.autoloop.budget')}
          error={errors.budget}
          className="sm:col-span-2"
          value={budget}
          onChange={setBudget}
        />
        <FormField id="autoloop-fee" label={t('loop.autoloop.maxFee')} error={errors.maxFee}>
          <FormControl>
            <Input inputMode="decimal" value={maxFee} onChange={(e) => setMaxFee(e.target.value)} />
          </FormControl>
        </FormField>
      </div>
      <PrepayWarning amountSat={LOOP_MAX_PREPAY_SAT} />
      <StepUpFields id="autoloop" value={stepUp.value} onChange={stepUp.setValue} />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} className="max-sm:w-full">
            {t('loop.cancel')}
          </Button>
        )}
        <Button type="submit" isLoading={setup.isPending} className="max-sm:w-full">
          <Repeat aria-hidden />
          {t('loop.autoloop.save')}
        </Button>
      </div>
    </form>
  )
}
