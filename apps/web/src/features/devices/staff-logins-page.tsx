import {
  STAFF_PERMISSIONS,
  ZRfidTag,
  type StaffLanguage,
  type TStaffPermissions,
} from '@app/domain'
import { Nfc, Pencil, Plus, Trash2, UserRound, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { DevicesTabs } from './devices-tabs'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { StaffFormDialog, type StaffValues } from './staff-form-dialog'
import { useStaff, useStaffMutations } from './use-staff'

interface Staff {
  id: string
  name: string
  language: StaffLanguage
  permissions: TStaffPermissions
  rfidTags: string[]
}

type Editing = { kind: 'new' } | { kind: 'edit'; staff: Staff } | null

/**
 * Staff logins: who signs in at the terminals with a PIN or an RFID tag, in which language and
 * with which permissions; tags the terminals read but did not know wait here to be assigned.
 */
export function StaffLoginsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const list = useStaff(businessId)
  const m = useStaffMutations(businessId)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Staff | null>(null)
  const staff = list.data?.staff ?? []
  const unrecognised = list.data?.unrecognised ?? []

  const save = async (values: StaffValues) => {
    if (editing?.kind === 'edit') {
      await m.update.mutateAsync({
        businessId,
        staffId: editing.staff.id,
        name: values.name,
        language: values.language,
        permissions: values.permissions,
        pin: values.pin === '' ? null : values.pin,
      })
      notify.success(t('devices.staff.toast.updated'))
      return
    }
    await m.create.mutateAsync({ businessId, ...values })
    notify.success(t('devices.staff.toast.created'))
  }

  const remove = async () => {
    if (!deleting) return
    try {
      await m.remove.mutateAsync({ businessId, staffId: deleting.id })
      notify.success(t('devices.staff.toast.deleted'))
      setDeleting(null)
    } catch (error) {
      notifyError(error, t('devices.staff.toast.deleteFailed'))
    }
  }

  /** True once the tag is the staff member's. */
  const assign = async (tag: string, staffId: string): Promise<boolean> => {
    try {
      await m.addTag.mutateAsync({ businessId, staffId, tag })
      notify.success(t('devices.staff.toast.tagAssigned', { tag }))
      return true
    } catch (error) {
      notifyError(error, t('devices.staff.toast.updateFailed'))
      return false
    }
  }

  const removeTag = async (staffId: string, tag: string) => {
    try {
      await m.removeTag.mutateAsync({ businessId, staffId, tag })
      notify.success(t('devices.staff.toast.tagRemoved', { tag }))
    } catch (error) {
      notifyError(error, t('devices.staff.toast.updateFailed'))
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      <DevicesTabs businessId={businessId} />
      <PageHeader
        title={t('pages.staffLogins')}
        description={t('devices.staff.intro')}
        actions={
          <Button onClick={() => setEditing({ kind: 'new' })}>
            <Plus aria-hidden />
            {t('devices.staff.new')}
          </Button>
        }
      />

      {unrecognised.length > 0 && (
        <Card className="mb-6" data-testid="unrecognised-tags">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Nfc className="size-4 text-warning" aria-hidden />
              {t('devices.staff.unrecognised.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border">
              {unrecognised.map((u) => (
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
                        onChange={(e) => e.target.value && void assign(u.tag, e.target.value)}
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
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      void m.dismissTag
                        .mutateAsync({ businessId, tag: u.tag })
                        .catch((error: unknown) =>
                          notifyError(error, t('devices.staff.toast.updateFailed')),
                        )
                    }
                  >
                    {t('devices.staff.unrecognised.dismiss')}
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      {list.isPending ? (
        <ListPending />
      ) : list.isError ? (
        <ListLoadFailed title={t('devices.staff.loadFailed')} onRetry={() => void list.refetch()} />
      ) : staff.length === 0 ? (
        <ListEmpty
          icon={UserRound}
          title={t('devices.staff.empty.title')}
          message={t('devices.staff.empty.message')}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {staff.map((s) => (
            <li key={s.id}>
              <StaffCard
                staff={s}
                onEdit={() => setEditing({ kind: 'edit', staff: s })}
                onDelete={() => setDeleting(s)}
                onAddTag={(tag) => assign(tag, s.id)}
                onRemoveTag={(tag) => void removeTag(s.id, tag)}
              />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <StaffFormDialog
          key={editing.kind === 'edit' ? editing.staff.id : 'new'}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          initial={editing.kind === 'edit' ? editing.staff : undefined}
          onSave={save}
        />
      )}
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent closeLabel={t('devices.cancel')}>
          <DialogHeader>
            <DialogTitle>
              {t('devices.staff.delete.title', { name: deleting?.name ?? '' })}
            </DialogTitle>
            <DialogDescription>{t('devices.staff.delete.description')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('devices.cancel')}
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              isLoading={m.remove.isPending}
              onClick={() => void remove()}
            >
              {t('devices.staff.delete.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}

function StaffCard({
  staff,
  onEdit,
  onDelete,
  onAddTag,
  onRemoveTag,
}: {
  staff: Staff
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
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" aria-label={t('devices.edit')} onClick={onEdit}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={t('devices.staff.delete.confirm')}
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
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
