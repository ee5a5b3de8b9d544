import { Globe } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SUPPORTED_LANGUAGES, currentLanguage, isLanguage } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** Switches the interface language; the choice is remembered in storage and a cookie. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  return (
    <label
      className={cn(
        'relative inline-flex items-center gap-1.5 rounded-md text-sm text-muted-foreground hover:text-foreground',
        className,
      )}
    >
      <Globe className="size-4" aria-hidden />
      <span className="sr-only">{t('common.language')}</span>
      <select
        value={currentLanguage()}
        onChange={(event) => {
          const lng = event.target.value
          if (isLanguage(lng)) void i18n.changeLanguage(lng)
        }}
        className="cursor-pointer appearance-none rounded-md bg-transparent py-1 pr-1 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25"
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
