import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '@/lib/notify'

/** Copies `value` to the clipboard and says so for a moment. */
export function useCopy(value: string) {
  const { t } = useTranslation()
  const [isCopied, setIsCopied] = useState(false)
  useEffect(() => {
    if (!isCopied) return
    const timer = window.setTimeout(() => setIsCopied(false), 2000)
    return () => window.clearTimeout(timer)
  }, [isCopied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setIsCopied(true)
    } catch {
      notify.error(t('payments.copy.failedTitle'), t('payments.copy.failedMessage'))
    }
  }
  return { isCopied, copy }
}
