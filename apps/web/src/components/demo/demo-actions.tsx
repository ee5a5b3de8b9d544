/**
 * What the demo wallet does from a page (demo mode only, loaded when a page shows a demo
 * action): pay what the page asks to be paid, and mine a block where confirmations are awaited.
 */
import { useMutation } from '@tanstack/react-query'
import { Coins, Pickaxe, Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { serverErrorInfo } from '@/lib/app-error'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import type { DemoMineProps, DemoPayProps, DemoTokenProps } from './demo'
import { formatSatNumber } from '@/lib/money-format'

/** The error toast, with the simulated network's reason (no route, not enough funds) beneath. */
function demoFailed(error: unknown, title: string) {
  const { reason } = serverErrorInfo(error)
  const appError = notifyError(error, title)
  if (appError.code === 'DEMO_WALLET_FAILED' && reason) notify.error(title, reason)
}

export function DemoPayButton({
  request,
  amountSat,
  className,
  label,
  size = 'lg',
  onPaid,
}: DemoPayProps) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const pay = useMutation(
    trpc.demo.pay.mutationOptions({
      onSuccess: () => {
        notify.success(t('demo.wallet.paidTitle'), t('demo.wallet.paidMessage'))
        onPaid?.()
      },
      onError: (error) => demoFailed(error, t('demo.wallet.payFailed')),
    }),
  )
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      className={className}
      disabled={pay.isPending || pay.isSuccess}
      onClick={() => pay.mutate({ request, ...(amountSat ? { amountSat } : {}) })}
    >
      <Wallet aria-hidden />
      {pay.isPending ? t('demo.wallet.paying') : (label ?? t('demo.wallet.pay'))}
    </Button>
  )
}

export function DemoTokenButton({ amountSat, onToken, className }: DemoTokenProps) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const mint = useMutation(
    trpc.demo.mintToken.mutationOptions({
      onSuccess: ({ token }) => onToken(token),
      onError: (error) => demoFailed(error, t('demo.wallet.tokenFailed')),
    }),
  )
  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      disabled={mint.isPending}
      onClick={() => mint.mutate({ amountSat })}
    >
      <Coins aria-hidden />
      {t('demo.wallet.fillToken', { amount: formatSatNumber(amountSat) })}
    </Button>
  )
}

export function DemoMineButton({ className }: DemoMineProps) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const mine = useMutation(
    trpc.demo.mine.mutationOptions({
      onSuccess: ({ height }) => notify.success(t('demo.wallet.minedTitle', { height })),
      onError: (error) => demoFailed(error, t('demo.wallet.mineFailed')),
    }),
  )
  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      disabled={mine.isPending}
      onClick={() => mine.mutate({ blocks: 1 })}
    >
      <Pickaxe aria-hidden />
      {t('demo.wallet.mine')}
    </Button>
  )
}
