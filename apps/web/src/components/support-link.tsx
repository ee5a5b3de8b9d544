import { useTranslation } from 'react-i18next'
import { useSystemConfig } from '@/lib/use-system-config'
import { cn } from '@/lib/utils'

/**
 * Where merchants reach the platform's support: the server's SUPPORT_URL (a page, or a mailto:
 * address); undefined until the server has said.
 */
export function useSupportHref(): string | undefined {
  return useSystemConfig().supportUrl
}

/** A web page opens in a new tab; a mail address opens the mail program. */
export function supportLinkTarget(href: string | undefined) {
  return href && /^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {}
}

export function SupportLink({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation()
  const href = useSupportHref()
  return (
    <a
      href={href}
      className={cn('text-primary underline-offset-4 hover:underline', className)}
      {...supportLinkTarget(href)}
    >
      {label ?? t('node.contactSupport')}
    </a>
  )
}
