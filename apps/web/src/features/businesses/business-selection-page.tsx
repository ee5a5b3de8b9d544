import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, ClipboardCheck, Plus, Store } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { useTRPC } from '@/lib/trpc'

const ACTIVE_STEPS = new Set(['completed', 'deposit'])

/** The start page for someone with several businesses: pick the one to work on. */
export function BusinessSelectionPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  const { data: profile } = useSuspenseQuery(trpc.auth.getProfile.queryOptions())

  return (
    <>
      <PageHeader
        title={t('businesses.select.title')}
        description={t('businesses.select.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {profile?.isOperator && (
              <Button variant="secondary" asChild>
                <Link to="/operator/applications" search={{ status: 'pending' }}>
                  <ClipboardCheck aria-hidden />
                  {t('operator.link')}
                </Link>
              </Button>
            )}
            <Button variant="outline" asChild>
              <Link to="/onboarding/new-business">
                <Plus aria-hidden />
                {t('businesses.select.add')}
              </Link>
            </Button>
          </div>
        }
      />
      <ul
        hidden={businesses.length === 0}
        className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-xs"
      >
        {businesses.map((business) => (
          <li key={business.id}>
            <Link
              to="/$businessId/sales/dashboard"
              params={{ businessId: business.id }}
              className="group flex items-center gap-4 px-5 py-4 outline-none transition-colors hover:bg-accent focus-visible:bg-accent"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Store className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{business.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {t(`team.roles.${business.role}`)} ·{' '}
                  {t('businesses.select.created', { date: formatDate(business.createdAt) })}
                </span>
              </span>
              {ACTIVE_STEPS.has(business.onboardingStep) ? (
                <Badge variant="success">{t('businesses.select.statusActive')}</Badge>
              ) : (
                <Badge variant="warning">{t('businesses.select.statusOnboarding')}</Badge>
              )}
              <ChevronRight
                className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                aria-hidden
              />
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
