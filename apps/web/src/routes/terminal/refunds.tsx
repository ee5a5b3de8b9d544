import { createFileRoute } from '@tanstack/react-router'
import { RefundsPage } from '@/features/terminal-reports/refunds-page'

export const Route = createFileRoute('/terminal/refunds')({
  component: RefundsPage,
})
