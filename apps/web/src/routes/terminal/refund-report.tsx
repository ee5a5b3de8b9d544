import { createFileRoute } from '@tanstack/react-router'
import { RefundReportPage } from '@/features/terminal-reports/refund-report-page'

export const Route = createFileRoute('/terminal/refund-report')({
  component: RefundReportPage,
})
