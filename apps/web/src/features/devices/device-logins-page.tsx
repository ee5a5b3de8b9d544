import { LogOut, MonitorSmartphone, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { DevicesTabs } from './devices-tabs'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { ConfirmByNameDialog } from './confirm-by-name-dialog'
import { CredentialsPanel, type Credentials } from './credentials-panel'
import { DeviceFormDialog, type DeviceValues } from './device-form-dialog'
import { useDeviceMutations, useDevices } from './use-devices'
import { WebhookButton, WebhookDeliveries } from './webhooks'
import { ZReportsButton } from './z-reports'

interface Device {
  id: string
  name: string
  isKiosk: boolean
  mid: string | null
  status: 'never' | 'online' | 'offline'
  lastSeenAt: Date | null
}

type Editing = { kind: 'new' } | { kind: 'edit'; device: Device } | null

/**
 * A business's device logins: each terminal or POS integration with its kiosk mode, MID and
 * status; new credentials are shown once, on this screen, right after they are made.
 */
export function DeviceLoginsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const list = useDevices(businessId)
  const m = useDeviceMutations(businessId)
  const [editing, setEditing] = useState<Editing>(null)
  const [fresh, setFresh] = useState<{ name: string; credentials: Credentials } | null>(null)
  const [deleting, setDeleting] = useState<Device | null>(null)
  const [regenerating, setRegenerating] = useState<Device | null>(null)
  const devices = list.data ?? []

  const save = async (values: DeviceValues) => {
    if (editing?.kind === 'edit') {
      await m.update.mutateAsync({ businessId, deviceId: editing.device.id, ...values })
      notify.success(t('devices.toast.updated'))
      return
    }
    const created = await m.create.mutateAsync({ businessId, ...values })
    setFresh({ name: created.device.name, credentials: created.credentials })
    notify.success(t('devices.toast.created'))
  }

  const setKiosk = async (device: Device, isKiosk: boolean) => {
    try {
      await m.update.mutateAsync({ businessId, deviceId: device.id, isKiosk })
      notify.success(isKiosk ? t('devices.toast.kioskOn') : t('devices.toast.kioskOff'))
    } catch (error) {
      notifyError(error, t('devices.toast.updateFailed'))
    }
  }

  const signOut = async (device: Device) => {
    try {
      await m.signOut.mutateAsync({ businessId, deviceId: device.id })
      notify.success(t('devices.toast.signedOut', { name: device.name }))
    } catch (error) {
      notifyError(error, t('devices.toast.updateFailed'))
    }
  }

  const regenerate = async () => {
    if (!regenerating) return
    try {
      const r = await m.regenerate.mutateAsync({ businessId, deviceId: regenerating.id })
      setFresh({ name: r.device.name, credentials: r.credentials })
      notify.success(t('devices.toast.regenerated'))
      setRegenerating(null)
    } catch (error) {
      notifyError(error, t('devices.toast.updateFailed'))
    }
  }

  const remove = async (typed: string) => {
    if (!deleting) return
    try {
      await m.remove.mutateAsync({ businessId, deviceId: deleting.id, confirmName: typed })
      notify.success(t('devices.toast.deleted', { name: deleting.name }))
      setDeleting(null)
    } catch (error) {
      notifyError(error, t('devices.toast.deleteFailed'))
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      <DevicesTabs businessId={businessId} />
      <PageHeader
        title={t('pages.deviceLogins')}
        description={t('devices.intro')}
        actions={
          <Button onClick={() => setEditing({ kind: 'new' })}>
            <Plus aria-hidden />
            {t('devices.new')}
          </Button>
        }
      />

      {fresh && (
        <CredentialsPanel
          deviceName={fresh.name}
          credentials={fresh.credentials}
          onDone={() => setFresh(null)}
        />
      )}

      {list.isPending ? (
        <ListPending />
      ) : list.isError ? (
        <ListLoadFailed title={t('devices.loadFailed')} onRetry={() => void list.refetch()} />
      ) : devices.length === 0 ? (
        <ListEmpty
          icon={MonitorSmartphone}
          title={t('devices.empty.title')}
          message={t('devices.empty.message')}
        />
      ) : (
        <ul className="grid gap-4" aria-label={t('pages.deviceLogins')}>
          {devices.map((device) => (
            <li key={device.id}>
              <Card className="grid gap-4 p-4 sm:p-6" data-testid="device-row">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <h2 className="text-base font-semibold break-words">{device.name}</h2>
                    <p className="text-sm text-muted-foreground">
                      {t('devices.mid')}:{' '}
                      <span className="font-mono">{device.mid ?? t('devices.noMid')}</span>
                    </p>
                  </div>
                  <StatusBadge device={device} />
                </div>
                <div className="flex items-center gap-3">
                  <Checkbox
                    id={`kiosk-${device.id}`}
                    checked={device.isKiosk}
                    onCheckedChange={(v) => void setKiosk(device, v === true)}
                  />
                  <Label htmlFor={`kiosk-${device.id}`}>{t('devices.form.kiosk')}</Label>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing({ kind: 'edit', device })}
                  >
                    <Pencil aria-hidden />
                    {t('devices.edit')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setRegenerating(device)}>
                    <RefreshCw aria-hidden />
                    {t('devices.regenerate.action')}
                  </Button>
                  <WebhookButton
                    businessId={businessId}
                    deviceId={device.id}
                    deviceName={device.name}
                  />
                  <ZReportsButton
                    businessId={businessId}
                    deviceId={device.id}
                    deviceName={device.name}
                  />
                  {device.status !== 'never' && (
                    <Button variant="outline" size="sm" onClick={() => void signOut(device)}>
                      <LogOut aria-hidden />
                      {t('devices.signOut')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-destructive hover:text-destructive"
                    onClick={() => setDeleting(device)}
                  >
                    <Trash2 aria-hidden />
                    {t('devices.delete.action')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <WebhookDeliveries businessId={businessId} />

      {editing && (
        <DeviceFormDialog
          key={editing.kind === 'edit' ? editing.device.id : 'new'}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          initial={
            editing.kind === 'edit'
              ? {
                  name: editing.device.name,
                  isKiosk: editing.device.isKiosk,
                  mid: editing.device.mid ?? '',
                }
              : undefined
          }
          onSave={save}
        />
      )}
      <ConfirmByNameDialog
        name={deleting?.name ?? ''}
        title={t('devices.delete.title')}
        description={t('devices.delete.description')}
        confirmLabel={t('devices.delete.confirm')}
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        isPending={m.remove.isPending}
        onConfirm={(typed) => void remove(typed)}
      />
      <ConfirmByNameDialog
        name={regenerating?.name ?? ''}
        title={t('devices.regenerate.title')}
        description={t('devices.regenerate.description')}
        confirmLabel={t('devices.regenerate.confirm')}
        open={regenerating !== null}
        onOpenChange={(open) => !open && setRegenerating(null)}
        isPending={m.regenerate.isPending}
        onConfirm={() => void regenerate()}
      />
    </div>
  )
}

function StatusBadge({ device }: { device: Device }) {
  const { t } = useTranslation()
  if (device.status === 'online')
    return <Badge variant="success">{t('devices.status.online')}</Badge>
  if (device.status === 'never' || !device.lastSeenAt) {
    return <Badge variant="outline">{t('devices.status.never')}</Badge>
  }
  return (
    <Badge variant="secondary">
      {t('devices.status.lastSeen', {
        time: formatDate(device.lastSeenAt, { dateStyle: 'medium', timeStyle: 'short' }),
      })}
    </Badge>
  )
}
