/**
 * A page only staff with the permission may use: others see why, and nothing of it. Refunds and
 * reports need the staff member's PIN: one signed in by their card alone keys it first
 * (`pin-confirm.tsx`); the server checks both again.
 */
import type { StaffPermission } from '@app/domain'
import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { PinConfirm } from './pin-confirm'
import { useSignedInStaff } from './use-reports'

export function PermissionGate({
  permission,
  children,
}: {
  permission: StaffPermission
  children: ReactNode
}) {
  const { t } = useTranslation()
  const staff = useSignedInStaff()
  if (staff?.permissions.includes(permission)) {
    return staff.proof === 'pin' ? children : <PinConfirm staff={staff} />
  }
  return (
    <div className="mx-auto w-full max-w-lg p-4">
      <Alert variant="destructive" role="alert">
        <ShieldAlert className="size-5" aria-hidden />
        <AlertTitle>{t('terminalReports.refused.title')}</AlertTitle>
        <AlertDescription>{t('terminalReports.refused.body')}</AlertDescription>
      </Alert>
    </div>
  )
}
