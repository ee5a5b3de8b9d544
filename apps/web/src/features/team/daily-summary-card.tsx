import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ListLoadFailed } from '@/components/list-states'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

/** The signed-in owner's own daily sales summary by mail in this business: on or off. */
export function DailySummaryCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const summary = useQuery(trpc.dailySummary.get.queryOptions({ businessId }))
  const set = useMutation(
    trpc.dailySummary.set.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.dailySummary.get.queryKey({ businessId }), data)
        notify.success(t(data.on ? 'team.dailySummary.turnedOn' : 'team.dailySummary.turnedOff'))
      },
      onError: (err) => notifyError(err),
    }),
  )
  const on = summary.data?.on ?? false

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">{t('team.dailySummary.title')}</h2>
      </CardHeader>
      <CardContent className="space-y-3">
        {summary.isError ? (
          <ListLoadFailed
            title={t('team.dailySummary.loadFailed')}
            onRetry={() => void summary.refetch()}
          />
        ) : (
          <>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                role="switch"
                aria-checked={on}
                className="mt-0.5 size-4"
                checked={on}
                disabled={!summary.data || set.isPending}
                onChange={(e) => set.mutate({ businessId, on: e.target.checked })}
              />
              <span className="space-y-1">
                <span className="block font-medium">{t('team.dailySummary.label')}</span>
                <span className="block text-muted-foreground">{t('team.dailySummary.hint')}</span>
              </span>
            </label>
            {on && summary.data?.emailVerified === false && (
              <p role="status" className="text-sm text-destructive">
                {t('team.dailySummary.unverified')}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
