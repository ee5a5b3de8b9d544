import { createFileRoute } from '@tanstack/react-router'
import { TerminalHome } from '@/features/terminal/terminal-home'

interface TTerminalSearch {
  payment?: string
}

export const Route = createFileRoute('/terminal/')({
  // `payment`: the payment on screen, so a reload keeps showing it.
  validateSearch: (search: Record<string, unknown>): TTerminalSearch =>
    typeof search.payment === 'string' && /^[0-9a-f-]{36}$/.test(search.payment)
      ? { payment: search.payment }
      : {},
  component: TerminalIndex,
})

function TerminalIndex() {
  const { payment } = Route.useSearch()
  return <TerminalHome paymentId={payment} />
}
