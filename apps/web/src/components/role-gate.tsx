import { useLocation } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { permissionOfPage, useBusinessRole } from '@/lib/business-role'

/**
 * A business page as the caller's role allows: the page, or, opened by its URL in a role that
 * cannot use it, a message that says why it is closed.
 */
export function RoleGate({ businessId, children }: { businessId: string; children: ReactNode }) {
  const { t } = useTranslation()
  const pathname = useLocation({ select: (l) => l.pathname })
  const { role, allows, isPending } = useBusinessRole(businessId)
  const below = pathname.slice(pathname.indexOf(businessId) + businessId.length)
  const permission = permissionOfPage(below)
  if (!permission || isPending || !role || allows(permission)) return children
  return (
    <Alert role="status" className="max-w-xl" data-testid="closed-for-role">
      <Lock aria-hidden />
      <AlertTitle>{t('team.closed.title')}</AlertTitle>
      <AlertDescription>
        {t('team.closed.body', { role: t(`team.roles.${role}`) })}
      </AlertDescription>
    </Alert>
  )
}
