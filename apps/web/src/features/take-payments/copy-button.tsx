import { Check, Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonProps } from '@/components/ui/button'
import { useCopy } from './use-copy'

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
      <span aria-live="polite">{isCopied ? t('payments.copy.copied') : label}</span>
    </Button>
  )
}
