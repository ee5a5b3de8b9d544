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
  size?: 'sm' | 'lg'
  /** the button's text where "Pay with the demo wallet" says too little */
  label?: string
  onPaid?: () => void
}

export interface DemoTokenProps {
  amountSat: number
  /** the token made, for the page to fill in */
  onToken: (token: string) => void
  className?: string
}

export interface DemoMineProps {
  className?: string
}

const actions = () => import('./demo-actions')
const LazyPay = lazy(() => actions().then((m) => ({ default: m.DemoPayButton })))
const LazyMine = lazy(() => actions().then((m) => ({ default: m.DemoMineButton })))
const LazyToken = lazy(() => actions().then((m) => ({ default: m.DemoTokenButton })))

export function PayWithDemoWallet(props: DemoPayProps) {
  const { isDemo } = useSystemConfig()
  if (!isDemo) return null
  return (
    <Suspense fallback={<span data-lazy-pending hidden />}>
      <LazyPay {...props} />
    </Suspense>
  )
}

/** Fills in an ecash token of `amountSat` minted from the demo wallet. */
export function DemoToken(props: DemoTokenProps) {
  const { isDemo } = useSystemConfig()
  if (!isDemo) return null
  return (
    <Suspense fallback={<span data-lazy-pending hidden />}>
      <LazyToken {...props} />
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
