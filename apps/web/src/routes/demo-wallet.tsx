import { createFileRoute } from '@tanstack/react-router'
import { DemoWalletPage } from '@/features/demo-wallet/demo-wallet-page'

export const Route = createFileRoute('/demo-wallet')({
  component: DemoWalletPage,
})
