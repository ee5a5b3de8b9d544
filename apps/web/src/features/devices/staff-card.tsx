import {
  STAFF_PERMISSIONS,
  STRONG_PIN_MIN_DIGITS,
  ZRfidTag,
  type StaffLanguage,
  type TStaffPermissions,
} from '@app/domain'
import { Lock, Pencil, Trash2, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { formatDate } from '@/lib/format'

export interface Staff {
  id: string
  name: string
  language: StaffLanguage
  permissions: TStaffPermissions
  rfidTags: string[]
  lock: { since: Date; wrongPins: number } | null
  pinTooShort: boolean
}

/** One staff member: language, permissions, RFID tags (removed, or one more added, here). */
export function StaffCard({
  staff,
  onEdit,
  onDelete,
  onAddTag,
  onRemoveTag,
  onUnlock,
  isUnlocking,
}: {
  staff: Staff
  onUnlock: () => void
  isUnlocking: boolean
  onEdit: () => void
  onDelete: () => void
  onAddTag: (tag: string) => Promise<boolean>
  onRemoveTag: (tag: string) => void
}) {
  const { t } = useTranslation()
  const [tag, setTag] = useState('')
  const parsed = ZRfidTag.safeParse(tag)
  const granted = STAFF_PERMISSIONS.filter((p) => staff.permissions[p])
  return (
    <Card className="grid h-full gap-4 p-4 sm:p-6" data-testid="staff-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words">{staff.name}</h2>
          <p className="text-sm text-muted-foreground">
            {t(`devices.staff.languages.${staff.language}`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t('devices.staff.editNamed', { name: staff.name })}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
            {t('devices.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            aria-label={t('devices.staff.deleteNamed', { name: staff.name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
            {t('devices.delete.action')}
          </Button>
        </div>
      </div>
      {staff.lock && (
        <Alert variant="warning" role="status">
          <Lock aria-hidden />
          <AlertTitle>{t('devices.staff.locked')}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span className="min-w-0 flex-1 basis-48">
              {t('devices.staff.lockedSince', {
                time: formatDate(new Date(staff.lock.since), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
                count: staff.lock.wrongPins,
              })}
            </span>
            <Button size="sm" onClick={onUnlock} isLoading={isUnlocking} className="max-sm:w-full">
              {t('devices.staff.unlock')}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {staff.pinTooShort && (
        <p className="text-sm text-warning-foreground" role="status">
          {t('devices.staff.pinTooShort', { digits: STRONG_PIN_MIN_DIGITS })}
        </p>
      )}
      <div className="flex flex-wrap gap-1.5">
        {granted.length === 0 ? (
          <Badge variant="outline">{t('devices.staff.noPermissions')}</Badge>
        ) : (
          granted.map((p) => <Badge key={p}>{t(`devices.staff.permissions.${p}`)}</Badge>)
        )}
      </div>
      <div className="grid gap-2">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('devices.staff.tags')}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {staff.rfidTags.length === 0 && (
            <span className="text-sm text-muted-foreground">{t('devices.staff.noTags')}</span>
          )}
          {staff.rfidTags.map((tg) => (
            <Badge key={tg} variant="secondary" className="font-mono">
              {tg}
              <button
                type="button"
                className="ml-0.5 cursor-pointer rounded-full hover:text-destructive"
                aria-label={t('devices.staff.removeTag', { tag: tg })}
                onClick={() => onRemoveTag(tg)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </Badge>
          ))}
        </div>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            if (parsed.success) void onAddTag(parsed.data).then((isAdded) => isAdded && setTag(''))
          }}
        >
          <Input
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            placeholder={t('devices.staff.tagPlaceholder')}
            aria-label={t('devices.staff.addTag')}
            className="min-w-0 flex-1 font-mono"
          />
          <Button type="submit" variant="outline" disabled={!parsed.success}>
            {t('devices.staff.addTag')}
          </Button>
        </form>
      </div>
    </Card>
  )
}
