import { createFileRoute } from '@tanstack/react-router'
import { PairPage } from '@/features/terminal/pair-page'

export const Route = createFileRoute('/terminal/pair')({
  component: PairPage,
})
