import { Eye, KeyRound, ShieldAlert } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/**
 * The 24 seed words, shown this once: hidden until the merchant asks, a warning never to share
 * them, and "I have written them down" required before going on.
 */
export function SeedWordsCard({
  seedWords,
  isPending,
  onConfirm,
}: {
  seedWords: string[]
  isPending: boolean
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  const [isRevealed, setIsRevealed] = useState(false)
  useLeaveWarning(true)

  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden />
          {t('node.seed.title', { count: seedWords.length })}
        </CardTitle>
        <CardDescription>{t('node.seed.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Alert variant="destructive">
          <ShieldAlert aria-hidden />
          <AlertTitle>{t('node.seed.neverShareTitle')}</AlertTitle>
          <AlertDescription>{t('node.seed.neverShare')}</AlertDescription>
        </Alert>
        <div className="relative">
          <ol
            aria-label={t('node.seed.listLabel')}
            aria-hidden={!isRevealed}
            className={cn(
              'grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4',
              !isRevealed && 'pointer-events-none blur-sm select-none',
            )}
          >
            {seedWords.map((word, index) => (
              <li
                key={index}
                className="flex items-baseline gap-2 rounded-md border border-border bg-muted/40 px-3 py-2"
              >
                <span className="w-5 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                  {index + 1}
                </span>
                <span className="font-mono text-sm font-medium">{isRevealed ? word : '•••••'}</span>
              </li>
            ))}
          </ol>
          {!isRevealed && (
            <div className="absolute inset-0 flex items-center justify-center">
              <Button variant="outline" onClick={() => setIsRevealed(true)}>
                <Eye aria-hidden />
                {t('node.seed.reveal')}
              </Button>
            </div>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t('node.seed.howToKeep')}</p>
      </CardContent>
      <WrittenDownFooter
        isPending={isPending}
        isDisabled={!isRevealed}
        submitLabel={t('node.seed.continue')}
        onConfirm={onConfirm}
      />
    </Card>
  )
}

/** After a reload: the words were shown once and are not shown again here. */
export function SeedShownOnceCard({
  isPending,
  onConfirm,
}: {
  isPending: boolean
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden />
          {t('node.seedShown.title')}
        </CardTitle>
        <CardDescription>{t('node.seedShown.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-muted-foreground">
        <p>{t('node.seedShown.ifWritten')}</p>
        <p>{t('node.seedShown.ifNot')}</p>
      </CardContent>
      <WrittenDownFooter
        isPending={isPending}
        isDisabled={false}
        submitLabel={t('node.seed.continue')}
        onConfirm={onConfirm}
      />
    </Card>
  )
}

function WrittenDownFooter({
  isPending,
  isDisabled,
  submitLabel,
  onConfirm,
}: {
  isPending: boolean
  isDisabled: boolean
  submitLabel: string
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  const checkboxId = useId()
  const [isWrittenDown, setIsWrittenDown] = useState(false)
  return (
    <CardFooter className="flex-col items-stretch gap-4 bg-muted/40 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2.5">
        <Checkbox
          id={checkboxId}
          checked={isWrittenDown}
          disabled={isDisabled}
          onCheckedChange={(checked) => setIsWrittenDown(checked === true)}
        />
        <Label htmlFor={checkboxId} className="leading-snug">
          {t('node.seed.writtenDown')}
        </Label>
      </div>
      <Button
        variant="primary"
        disabled={!isWrittenDown || isDisabled}
        isLoading={isPending}
        onClick={onConfirm}
      >
        {submitLabel}
      </Button>
    </CardFooter>
  )
}

/** Asks the browser to confirm leaving while words that will not be shown again are on screen. */
function useLeaveWarning(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isActive])
}
