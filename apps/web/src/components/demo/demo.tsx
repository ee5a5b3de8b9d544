/**
 * Demo actions beside what a page asks to be paid: "Pay with the demo wallet" and "Mine a block".
 * Nothing shows outside demo mode, and their code loads only on a demo page that shows them.
 */
import { lazy, Suspense } from 'react'
import { useSystemConfig } from '@/lib/use-system-config'

export interface DemoPayProps {
  /** what the page shows: an invoice, a BIP21 URI, an address or a Lightning address */
  request: string
  /** the amount, where the request has none (a bare address) */
  amountSat?: number
  className?: string
  onPaid?: () => void
}

export interface DemoMineProps {
  className?: string
}

const actions = () => import('./demo-actions')
const LazyPay = lazy(() => actions().then((m) => ({ default: m.DemoPayButton })))
const LazyMine = lazy(() => actions().then((m) => ({ default: m.DemoMineButton })))

export function PayWithDemoWallet(props: DemoPayProps) {
  const { isDemo } = useSystemConfig()
  if (!isDemo) return null
  return (
    <Suspense fallback={<span data-lazy-pending hidden />}>
      <LazyPay {...props} />
    </Suspense>
  )
}

export function MineBlock(props: DemoMineProps) {
  const { isDemo } = useSystemConfig()
  if (!isDemo) return null
  return (
    <Suspense fallback={<span data-lazy-pending hidden />}>
      <LazyMine {...props} />
    </Suspense>
  )
}
