import type { inferOutput } from '@trpc/tanstack-react-query'
import { Nfc } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { formatDate } from '@/lib/format'
import type { Trpc } from '@/lib/trpc'

type UnrecognisedTag = inferOutput<Trpc['staff']['list']>['unrecognised'][number]

/** Tags the terminals read but did not know: each assigned to a staff member, or dismissed. */
export function UnrecognisedTagsCard({
  tags,
  staff,
  onAssign,
  onDismiss,
}: {
  tags: UnrecognisedTag[]
  staff: { id: string; name: string }[]
  onAssign: (tag: string, staffId: string) => void
  onDismiss: (tag: string) => void
}) {
  const { t } = useTranslation()
  return (
    <Card className="mb-6" data-testid="unrecognised-tags">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Nfc className="size-4 text-warning" aria-hidden />
          {t('devices.staff.unrecognised.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {tags.map((u) => (
            <li key={u.tag} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm font-semibold">{u.tag}</p>
                <p className="text-xs text-muted-foreground">
                  {t('devices.staff.unrecognised.seen', {
                    device: u.deviceName ?? t('devices.staff.unrecognised.removedDevice'),
                    time: formatDate(u.seenAt, { dateStyle: 'medium', timeStyle: 'short' }),
                  })}
                </p>
              </div>
              {staff.length > 0 && (
                <div className="w-full sm:w-56">
                  <NativeSelect
                    aria-label={t('devices.staff.unrecognised.assignTo', { tag: u.tag })}
                    value=""
                    onChange={(e) => e.target.value && onAssign(u.tag, e.target.value)}
                  >
                    <option value="">{t('devices.staff.unrecognised.assign')}</option>
                    {staff.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              )}
              <Button variant="ghost" size="sm" onClick={() => onDismiss(u.tag)}>
                {t('devices.staff.unrecognised.dismiss')}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
