import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AuditLogPage } from '@/features/audit-log/audit-log-page'
import { parseAuditSearch, type AuditSearch } from '@/features/audit-log/audit-search'

export const Route = createFileRoute('/_auth/$businessId/audit-log')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => parseAuditSearch(search),
  component: AuditLogRoute,
})

function AuditLogRoute() {
  const { businessId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: AuditSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  )
  return <AuditLogPage businessId={businessId} search={search} onSearchChange={onSearchChange} />
}
