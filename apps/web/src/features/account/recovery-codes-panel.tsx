import { Download, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

/** The recovery codes, shown this once: a list to copy or download, and "I have saved them". */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const text = codes.join('\n')
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <div className="grid gap-4">
      <Alert>
        <ShieldCheck aria-hidden />
        <AlertTitle>{t('account.twoFactor.recoveryTitle')}</AlertTitle>
        <AlertDescription>{t('account.twoFactor.recoveryText')}</AlertDescription>
      </Alert>
      <ol
        aria-label={t('account.twoFactor.recoveryListLabel')}
        className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-md border border-border bg-muted/40 px-3 py-2 text-center font-mono text-sm tracking-wide"
          >
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label={t('account.twoFactor.copyCodes')} size="sm" />
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden />
          {t('account.twoFactor.downloadCodes')}
        </Button>
        <Button type="button" size="sm" className="sm:ml-auto" onClick={onDone}>
          {t('account.twoFactor.savedCodes')}
        </Button>
      </div>
    </div>
  )
}
