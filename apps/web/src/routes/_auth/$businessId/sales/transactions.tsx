import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import {
  parseTransactionsSearch,
  type TransactionsSearch,
} from '@/features/sales/transactions-search'
import { TransactionsPage } from '@/features/sales/transactions-page'

export const Route = createFileRoute('/_auth/$businessId/sales/transactions')({
  validateSearch: (search: Record<string, unknown>): TransactionsSearch =>
    parseTransactionsSearch(search),
  component: TransactionsRoute,
})

function TransactionsRoute() {
  const { businessId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: TransactionsSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  )
  return (
    <TransactionsPage businessId={businessId} search={search} onSearchChange={onSearchChange} />
  )
}
