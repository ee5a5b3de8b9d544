import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonProps } from '@/components/ui/button'
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
      notify.error(t('common.copyFailedTitle'), t('common.copyFailedMessage'))
    }
  }
  return { isCopied, copy }
}

/** An outline button that copies a value and shows "Copied" for a moment. */
export function CopyButton({
  value,
  label,
  ...props
}: { value: string; label: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation()
  const { isCopied, copy } = useCopy(value)
  return (
    <Button type="button" variant="outline" onClick={() => void copy()} {...props}>
      {isCopied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{isCopied ? t('common.copied') : label}</span>
    </Button>
  )
}
