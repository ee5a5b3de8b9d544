import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, Inbox } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { formatDate } from '@/lib/format'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { REVIEW_FILTERS, statusInput, type ReviewFilter } from './review-status'
import { ReviewStatusBadge } from './review-status-badge'

const LIST_REFRESH_MS = 30_000

/** Submitted business applications, newest first, filtered by review status. */
export function ApplicationsPage({ filter }: { filter: ReviewFilter }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  // New submissions arrive while the list is open; a visit always asks for fresh rows too.
  const { data: rows } = useSuspenseQuery({
    ...trpc.operator.applications.queryOptions(statusInput(filter)),
    staleTime: 0,
    refetchInterval: LIST_REFRESH_MS,
  })

  return (
    <>
      <PageHeader title={t('operator.list.title')} description={t('operator.list.description')} />
      <nav
        aria-label={t('operator.list.filterLabel')}
        className="mb-4 inline-flex max-w-full gap-1 overflow-x-auto rounded-lg border border-border bg-card p-1 shadow-xs"
      >
        {REVIEW_FILTERS.map((item) => (
          <Link
            key={item}
            to="/operator/applications"
            search={{ status: item }}
            aria-current={item === filter ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/25',
              item === filter && 'bg-primary-soft text-primary hover:text-primary',
            )}
          >
            {t(`operator.filter.${item}`)}
          </Link>
        ))}
      </nav>

      {rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center">
          <Inbox className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t(`operator.list.empty.${filter}`)}</p>
          <p className="text-sm text-muted-foreground">{t('operator.list.emptyHint')}</p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-border bg-card shadow-xs">
          <table className="w-full text-sm">
            <thead className="border-b border-border bg-muted/50 text-left text-xs font-medium text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('operator.list.business')}
                </th>
                <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
                  {t('operator.list.submitted')}
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('operator.list.status')}
                </th>
                <th scope="col" className="w-8 px-2">
                  <span className="sr-only">{t('operator.list.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => {
                const company = companySummary(row.company)
                return (
                  <tr
                    key={row.businessId}
                    className="group relative transition-colors hover:bg-accent has-[a:focus-visible]:bg-accent"
                  >
                    <td className="max-w-0 px-4 py-3">
                      <Link
                        to="/operator/applications/$businessId"
                        params={{ businessId: row.businessId }}
                        className="block truncate font-medium outline-none after:absolute after:inset-0"
                      >
                        {row.name}
                      </Link>
                      <span className="block truncate text-xs text-muted-foreground">
                        {company ? `${company} · ${row.ownerEmail}` : row.ownerEmail}
                      </span>
                    </td>
                    <td className="hidden px-4 py-3 whitespace-nowrap text-muted-foreground sm:table-cell">
                      {row.submittedAt ? formatDate(row.submittedAt) : '—'}
                    </td>
                    <td className="px-4 py-3">
                      <ReviewStatusBadge status={row.reviewStatus} />
                    </td>
                    <td className="px-2 py-3 text-muted-foreground">
                      <ChevronRight
                        className="size-4 transition-transform group-hover:translate-x-0.5"
                        aria-hidden
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

/** The applicant's legal name as saved with the company details, if any. */
function companySummary(company: unknown): string | undefined {
  if (typeof company !== 'object' || company === null || !('legalName' in company)) {
    return undefined
  }
  return typeof company.legalName === 'string' ? company.legalName : undefined
}
