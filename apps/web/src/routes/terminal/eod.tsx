import { createFileRoute } from '@tanstack/react-router'
import { EodPage } from '@/features/terminal-reports/eod-page'

export const Route = createFileRoute('/terminal/eod')({
  component: EodPage,
})
