import { Plus, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { DevicesTabs } from './devices-tabs'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { notify, notifyError } from '@/lib/notify'
import { StaffCard, type Staff } from './staff-card'
import { StaffFormDialog, type StaffValues } from './staff-form-dialog'
import { UnrecognisedTagsCard } from './unrecognised-tags-card'
import { useStaff, useStaffMutations } from './use-staff'

type Editing = { kind: 'new' } | { kind: 'edit'; staff: Staff } | null

/**
 * Staff logins: who signs in at the terminals with a PIN or an RFID tag, in which language and
 * with which permissions, and who is locked after wrong PINs (unlocked here); tags the
 * terminals read but did not know wait here to be assigned.
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

  const unlock = async (s: Staff) => {
    try {
      await m.unlock.mutateAsync({ businessId, staffId: s.id })
      notify.success(t('devices.staff.toast.unlocked', { name: s.name }))
    } catch (error) {
      notifyError(error, t('devices.staff.toast.unlockFailed'))
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
        <UnrecognisedTagsCard
          tags={unrecognised}
          staff={staff}
          onAssign={(tag, staffId) => void assign(tag, staffId)}
          onDismiss={(tag) =>
            void m.dismissTag
              .mutateAsync({ businessId, tag })
              .catch((error: unknown) => notifyError(error, t('devices.staff.toast.updateFailed')))
          }
        />
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
                onUnlock={() => void unlock(s)}
                isUnlocking={m.unlock.isPending && m.unlock.variables.staffId === s.id}
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
