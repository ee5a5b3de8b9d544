import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowRight, Cable, Clock, Info, Zap, type LucideIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { PageHeader } from '@/components/page-header'
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
import { handleFormError } from '@/lib/form-errors'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { DashboardWhileWaiting } from './dashboard-while-waiting'
import { MIN_CHANNEL_DEPOSIT_SAT, type Deposit } from './deposit-progress'
import { nodeProgress } from '@/lib/node-progress'
import { detailCount, serverErrorInfo } from '@/lib/app-error'
import { useFollowServerStep } from '@/lib/use-onboarding-step'
import { useLiveNodeStatus } from '@/lib/use-node-status'
import { useBusinessCurrency, useFiatOf } from '@/components/payments/use-fiat-of'
import { withFiat } from '@/lib/money-beside'
import { formatSatNumber } from '@/lib/money-format'
import { keepAmountCharacters } from '@/components/payments/amount'

const QUICK_AMOUNTS_SAT = [200_000, 500_000, 1_000_000]
const MAX_DEPOSIT_SAT = 2_100_000_000_000_000

/** Digits only, with the group separators people type ("1 000 000", "1,000,000") removed. */
function parseSats(value: string): number | undefined {
  const digits = value.replace(/[\s,.'’_]/g, '')
  if (!/^\d+$/.test(digits)) return undefined
  const amount = Number(digits)
  return Number.isSafeInteger(amount) ? amount : undefined
}

/** The deposit that funds the merchant's Lightning channel: what it is for, and how much. */
export function ChannelDepositPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const followServerStep = useFollowServerStep(businessId)
  const current = useQuery(trpc.deposit.current.queryOptions({ businessId }))
  const node = useLiveNodeStatus(businessId)
  const [minimumSat, setMinimumSat] = useState(MIN_CHANNEL_DEPOSIT_SAT)

  const schema = useMemo(
    () =>
      z.object({
        amount: z
          .string()
          .trim()
          .min(1, t('deposit.form.amountRequired'))
          .superRefine((value, context) => {
            const amount = parseSats(value)
            if (amount === undefined || amount > MAX_DEPOSIT_SAT) {
              context.addIssue({ code: 'custom', message: t('deposit.form.amountInvalid') })
            } else if (amount < minimumSat) {
              context.addIssue({
                code: 'custom',
                message: t('deposit.form.belowMinimum', { minimum: formatSatNumber(minimumSat) }),
              })
            }
          }),
      }),
    [t, minimumSat],
  )
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  })
  const amountField = form.register('amount')
  const fiatOf = useFiatOf(useBusinessCurrency(businessId))
  const typedSat = parseSats(useWatch({ control: form.control, name: 'amount' }))
  const typedFiat = typedSat === undefined || typedSat === 0 ? null : fiatOf(typedSat)

  const create = useMutation(
    trpc.deposit.create.mutationOptions({
      onSuccess: async ({ onchainInvoiceId }) => {
        await navigate({
          to: '/onboarding/$businessId/channel-deposit/$onchainInvoiceId/waiting',
          params: { businessId, onchainInvoiceId },
        })
      },
      onError: async (error) => {
        const minimum = detailCount(serverErrorInfo(error), 'minimumSat')
        if (minimum !== undefined) setMinimumSat(minimum)
        const { code } = handleFormError(error, form, {
          title: t('deposit.form.failedTitle'),
          fieldByCode: { DEPOSIT_BELOW_MINIMUM: 'amount', VALIDATION: 'amount' },
        })
        if (code === 'DEPOSIT_BELOW_MINIMUM' && minimum !== undefined) {
          form.setError('amount', {
            type: 'server',
            message: t('deposit.form.belowMinimum', { minimum: formatSatNumber(minimum) }),
          })
        }
        if (code === 'STEP_NOT_ALLOWED') await followServerStep()
      },
    }),
  )

  // Once money arrived for the current deposit, that deposit is the way on; before, another
  // amount may be chosen.
  const canStartAnother = !current.data || current.data.status === 'unused'
  const nodeStep = node.data ? nodeProgress(node.data).current : undefined
  const isNodeStarting = node.data?.exists === true && !node.data.isReady

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={t('pages.channelDeposit')}
        description={t('deposit.description')}
        actions={<DashboardWhileWaiting businessId={businessId} />}
      />
      <div className="grid gap-6">
        <Card>
          <CardContent className="grid gap-4 pt-6 sm:grid-cols-3">
            <Fact icon={Zap} title={t('deposit.facts.fundsTitle')}>
              {t('deposit.facts.funds')}
            </Fact>
            <Fact icon={Clock} title={t('deposit.facts.confirmationsTitle')}>
              {t('deposit.facts.confirmations')}
            </Fact>
            <Fact icon={Cable} title={t('deposit.facts.openingTitle')}>
              {t('deposit.facts.opening')}
            </Fact>
          </CardContent>
        </Card>

        {current.data && <CurrentDeposit businessId={businessId} deposit={current.data} />}

        {isNodeStarting && nodeStep && (
          <Alert variant="info" role="status">
            <Info aria-hidden />
            <AlertTitle>{t('deposit.nodeStarting.title')}</AlertTitle>
            <AlertDescription>
              {t('deposit.nodeStarting.message', {
                state: t(`node.progress.${nodeStep}.title`),
              })}
            </AlertDescription>
          </Alert>
        )}

        {canStartAnother && (
          <Card className="overflow-hidden">
            <CardHeader>
              <CardTitle>
                {current.data ? t('deposit.form.anotherTitle') : t('deposit.form.title')}
              </CardTitle>
              <CardDescription>{t('deposit.form.description')}</CardDescription>
            </CardHeader>
            <form
              noValidate
              onSubmit={form.handleSubmit(({ amount }) => {
                const amountSat = parseSats(amount)
                if (amountSat !== undefined) create.mutate({ businessId, amountSat })
              })}
            >
              <CardContent className="grid gap-4">
                <FormField
                  id="deposit-amount"
                  label={t('deposit.form.amount')}
                  description={withFiat(
                    t('deposit.form.minimum', { minimum: formatSatNumber(minimumSat) }),
                    fiatOf(minimumSat),
                  )}
                  error={form.formState.errors.amount?.message}
                >
                  <div className="relative">
                    <FormControl>
                      <Input
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder={formatSatNumber(minimumSat)}
                        className="pr-14 text-base tabular-nums"
                        {...amountField}
                        // letters never get in
                        onChange={(e) => {
                          e.target.value = keepAmountCharacters(e.target.value)
                          void amountField.onChange(e)
                        }}
                      />
                    </FormControl>
                    <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                      {t('deposit.satsUnit')}
                    </span>
                  </div>
                  {typedFiat && (
                    <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
                      {t('deposit.form.worth', { amount: typedFiat })}
                    </p>
                  )}
                </FormField>
                <div
                  className="flex flex-wrap gap-2"
                  role="group"
                  aria-label={t('deposit.form.quick')}
                >
                  {QUICK_AMOUNTS_SAT.filter((amount) => amount >= minimumSat).map((amount) => (
                    <Button
                      key={amount}
                      type="button"
                      variant="secondary"
                      size="sm"
                      className="tabular-nums"
                      onClick={() =>
                        form.setValue('amount', String(amount), {
                          shouldValidate: form.formState.isSubmitted,
                        })
                      }
                    >
                      {t('deposit.sats', { amount: formatSatNumber(amount) })}
                    </Button>
                  ))}
                </div>
              </CardContent>
              <CardFooter className="justify-end bg-muted/40">
                <Button type="submit" isLoading={create.isPending} className="max-sm:w-full">
                  {t('deposit.form.submit')}
                </Button>
              </CardFooter>
            </form>
          </Card>
        )}
      </div>
    </div>
  )
}

function Fact({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon
  title: string
  children: string
}) {
  return (
    <div className="flex gap-3 sm:flex-col sm:gap-2">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="space-y-1">
        <p className="text-sm font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  )
}

/** A deposit already made or on its way: continue following it. */
function CurrentDeposit({ businessId, deposit }: { businessId: string; deposit: Deposit }) {
  const { t } = useTranslation()
  const fiatOf = useFiatOf(useBusinessCurrency(businessId))
  const channel = deposit.channel.state
  const badge =
    channel === 'failed' || channel === 'manual'
      ? { variant: 'destructive' as const, label: t(`deposit.channelState.${channel}`) }
      : channel === 'opening' || channel === 'open'
        ? { variant: 'success' as const, label: t(`deposit.channelState.${channel}`) }
        : { variant: 'warning' as const, label: t(`deposit.status.${deposit.status}`) }
  return (
    <Card className="border-primary/30">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-semibold">{t('deposit.current.title')}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="tabular-nums">
              {withFiat(
                t('deposit.sats', { amount: formatSatNumber(deposit.amountSat) }),
                fiatOf(deposit.amountSat),
              )}
            </span>
            <Badge variant={badge.variant} className={cn(channel === 'opening' && 'animate-pulse')}>
              {badge.label}
            </Badge>
          </p>
        </div>
        <Button asChild className="max-sm:w-full">
          <Link
            to="/onboarding/$businessId/channel-deposit/$onchainInvoiceId/waiting"
            params={{ businessId, onchainInvoiceId: deposit.id }}
          >
            {t('deposit.current.continue')}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}
