/**
 * The business's audit log: who (a member, a device, a staff member, the operator or the
 * platform) did what, when and from where, newest first. Filters live in the URL; pages come by
 * cursor with "Load more"; a table from 768 px, stacked cards below; the CSV download takes the
 * same filters.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { Download, ScrollText, SearchX, X } from 'lucide-react'
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AUDIT_ACTION_GROUPS } from '@app/domain'
import { EmptyState, LoadMore } from '@/components/list-states'
import { dateTimeFormat } from '@/lib/format'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { currentLanguage } from '@/lib/i18n'
import { useTRPC, type Trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import {
  auditCsvHref,
  hasAuditFilters,
  toAuditApiFilter,
  type AuditApiFilter,
  type AuditSearch,
} from './audit-search'

type AuditItem = inferOutput<Trpc['auditLog']['list']>['items'][number]

const PAGE_SIZE = 50

function useAuditLog(businessId: string, filter: AuditApiFilter) {
  const trpc = useTRPC()
  return useInfiniteQuery({
    ...trpc.auditLog.list.infiniteQueryOptions(
      { businessId, limit: PAGE_SIZE, ...filter },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

const formatWhen = (value: Date) =>
  dateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'medium' }).format(value)

export function AuditLogPage({
  businessId,
  search,
  onSearchChange,
}: {
  businessId: string
  search: AuditSearch
  onSearchChange: (next: AuditSearch) => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const filter = useMemo(() => toAuditApiFilter(search), [search])
  const query = useAuditLog(businessId, filter)
  const actors = useQuery(trpc.auditLog.actors.queryOptions({ businessId }))
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  const isFiltered = hasAuditFilters(search)
  const set = (patch: Partial<AuditSearch>) => onSearchChange({ ...search, ...patch })
  const ids = { group: useId(), actor: useId(), from: useId(), to: useId() }

  return (
    <>
      <PageHeader
        title={t('pages.auditLog')}
        description={t('audit.description')}
        actions={
          <Button variant="outline" asChild>
            <a href={auditCsvHref(businessId, filter)} download>
              <Download aria-hidden />
              {t('audit.exportCsv')}
            </a>
          </Button>
        }
      />

      <div
        role="search"
        aria-label={t('audit.filters.label')}
        className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <div className="col-span-2 space-y-1.5 sm:w-52">
          <Label htmlFor={ids.group}>{t('audit.filters.what')}</Label>
          <NativeSelect
            id={ids.group}
            value={search.group ?? ''}
            onChange={(e) => set({ group: (e.target.value || undefined) as AuditSearch['group'] })}
          >
            <option value="">{t('audit.filters.everything')}</option>
            {AUDIT_ACTION_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`audit.groups.${g}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 space-y-1.5 sm:w-60">
          <Label htmlFor={ids.actor}>{t('audit.filters.who')}</Label>
          <NativeSelect
            id={ids.actor}
            value={search.actor ?? ''}
            onChange={(e) => set({ actor: e.target.value || undefined })}
          >
            <option value="">{t('audit.filters.everyone')}</option>
            <option value="system">{t('audit.actorKinds.system')}</option>
            {(actors.data ?? []).map((a) => (
              <option key={`${a.kind}:${a.id}`} value={`${a.kind}:${a.id}`}>
                {a.name || t(`audit.actorKinds.${a.kind}`)} ({t(`audit.actorKinds.${a.kind}`)})
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5 sm:w-40">
          <Label htmlFor={ids.from}>{t('audit.filters.from')}</Label>
          <Input
            id={ids.from}
            type="date"
            value={search.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </div>
        <div className="space-y-1.5 sm:w-40">
          <Label htmlFor={ids.to}>{t('audit.filters.to')}</Label>
          <Input
            id={ids.to}
            type="date"
            value={search.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </div>
        {isFiltered && (
          <Button
            variant="ghost"
            className="col-span-2 justify-self-start"
            onClick={() => onSearchChange({})}
          >
            <X aria-hidden />
            {t('audit.filters.clear')}
          </Button>
        )}
      </div>

      {query.isPending ? (
        <Card className="p-6 text-sm text-muted-foreground" aria-busy>
          {t('audit.loading')}
        </Card>
      ) : query.isError && items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3 p-6">
          <p role="alert" className="text-sm text-destructive">
            {t('audit.loadFailed')}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('audit.retry')}
          </Button>
        </Card>
      ) : items.length === 0 ? (
        <EmptyState
          icon={isFiltered ? SearchX : ScrollText}
          title={t(isFiltered ? 'audit.noMatches.title' : 'audit.none.title')}
          description={t(isFiltered ? 'audit.noMatches.description' : 'audit.none.description')}
          action={
            isFiltered ? (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                {t('audit.filters.clear')}
              </Button>
            ) : null
          }
        />
      ) : (
        <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <AuditTable items={items} />
          <AuditCards items={items} />
          <LoadMore
            query={query}
            loadMoreLabel={t('audit.loadMore')}
            shownLabel={t('audit.shown', { count: items.length })}
            failedLabel={t('audit.loadFailed')}
          />
        </div>
      )}
    </>
  )
}

/** Who acted: their name then (an email, a device's or staff member's name) and what they are. */
function Actor({ e }: { e: AuditItem }) {
  const { t } = useTranslation()
  const kind = t(`audit.actorKinds.${e.actorKind}`)
  return (
    <span className="min-w-0">
      <span className="block truncate font-medium text-foreground" title={e.actorName || kind}>
        {e.actorName || kind}
      </span>
      {e.actorName && <span className="block text-xs text-muted-foreground">{kind}</span>}
    </span>
  )
}

/** The details whose values are names the interface has words for (a role, a theme, a language). */
const VALUE_WORDS: Record<string, string> = {
  role: 'team.roles',
  previousRole: 'team.roles',
  theme: 'devices.settings.themes',
  language: 'languages',
}

/** What was done, on what, and the details worth reading (never a secret: none are kept). */
function What({ e }: { e: AuditItem }) {
  const { t, i18n } = useTranslation()
  const details = Object.entries(e.details).filter(([, v]) => v !== null && v !== '')
  const value = (k: string, v: string | number | boolean | null) => {
    if (typeof v === 'boolean') return t(v ? 'audit.yes' : 'audit.no')
    const words = VALUE_WORDS[k]
    const key = `${words}.${String(v)}`
    return words && i18n.exists(key) ? t(key as 'audit.yes') : String(v)
  }
  return (
    <div className="min-w-0 space-y-0.5">
      <p className="font-medium text-foreground">
        {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
        {e.subjectName && (
          <span className="font-normal text-muted-foreground"> · {e.subjectName}</span>
        )}
      </p>
      {details.length > 0 && (
        <p className="text-xs break-words text-muted-foreground">
          {details
            .map(
              ([k, v]) =>
                `${i18n.exists(`audit.details.${k}`) ? t(`audit.details.${k}` as 'audit.details.kind') : k}: ${value(k, v)}`,
            )
            .join(' · ')}
        </p>
      )}
    </div>
  )
}

/** From where: the address and browser (or device) the act came from. */
function From({ e }: { e: AuditItem }) {
  const { t } = useTranslation()
  if (!e.ip && !e.userAgent)
    return <span className="text-muted-foreground">{t('audit.server')}</span>
  return (
    <span className="min-w-0 text-muted-foreground">
      {e.ip && <span className="block font-mono text-xs">{e.ip}</span>}
      {e.userAgent && (
        <span className="block truncate text-xs" title={e.userAgent}>
          {e.userAgent}
        </span>
      )}
    </span>
  )
}

function AuditTable({ items }: { items: AuditItem[] }) {
  const { t } = useTranslation()
  const head = 'px-4 py-2.5 font-medium'
  return (
    <div className="hidden overflow-hidden rounded-xl border border-border bg-card shadow-xs md:block">
      <table className="w-full table-fixed text-sm">
        <thead className="border-b border-border bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cn(head, 'w-44')}>
              {t('audit.columns.when')}
            </th>
            <th scope="col" className={cn(head, 'w-52')}>
              {t('audit.columns.who')}
            </th>
            <th scope="col" className={head}>
              {t('audit.columns.what')}
            </th>
            <th scope="col" className={cn(head, 'hidden w-56 lg:table-cell')}>
              {t('audit.columns.from')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((e) => (
            <tr key={e.id} className="align-top">
              <td className="px-4 py-3 text-muted-foreground">
                <time dateTime={e.at.toISOString()}>{formatWhen(e.at)}</time>
              </td>
              <td className="px-4 py-3">
                <Actor e={e} />
              </td>
              <td className="px-4 py-3">
                <What e={e} />
              </td>
              <td className="hidden px-4 py-3 lg:table-cell">
                <From e={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function AuditCards({ items }: { items: AuditItem[] }) {
  return (
    <ul className="space-y-2 md:hidden">
      {items.map((e) => (
        <li key={e.id} className="rounded-xl border border-border bg-card p-4 text-sm shadow-xs">
          <What e={e} />
          <div className="mt-3 flex items-start justify-between gap-3">
            <Actor e={e} />
            <time
              dateTime={e.at.toISOString()}
              className="shrink-0 text-right text-xs text-muted-foreground"
            >
              {formatWhen(e.at)}
            </time>
          </div>
          <div className="mt-2 border-t border-border pt-2">
            <From e={e} />
          </div>
        </li>
      ))}
    </ul>
  )
}
