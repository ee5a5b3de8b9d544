import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'

/** Where merchants reach the platform's support: the configured page, or a mail address. */
export function supportHref(): string {
  return import.meta.env.VITE_SUPPORT_URL || `mailto:support@${window.location.hostname}`
}

export function SupportLink({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation()
  const href = supportHref()
  const isWeb = /^https?:/i.test(href)
  return (
    <a
      href={href}
      className={cn('text-primary underline-offset-4 hover:underline', className)}
      {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label ?? t('node.contactSupport')}
    </a>
  )
}
