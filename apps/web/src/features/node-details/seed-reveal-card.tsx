import { useMutation, useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, KeyRound, ShieldAlert } from 'lucide-react'
import { useState, type FormEvent } from 'react'
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
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

type Step = 'intro' | 'confirm' | 'words'

/**
 * The seed words again: after a warning, the node password (and the second factor when the
 * account has one) and a promise never to share them; then one word at a time, finished only
 * with "I've written them down". The words live in this component's memory only.
 */
export function SeedRevealCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const [step, setStep] = useState<Step>('intro')
  const [words, setWords] = useState<string[]>([])
  const [index, setIndex] = useState(0)

  const finish = () => {
    setWords([])
    setIndex(0)
    setStep('intro')
    notify.success(t('nodeAdmin.seed.doneTitle'), t('nodeAdmin.seed.doneText'))
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nodeAdmin.seed.title')}</CardTitle>
        <CardDescription>{t('nodeAdmin.seed.description')}</CardDescription>
      </CardHeader>
      {step === 'intro' && (
        <CardFooter className="justify-end bg-muted/40">
          <Button variant="outline" onClick={() => setStep('confirm')} className="max-sm:w-full">
            <KeyRound aria-hidden />
            {t('nodeAdmin.seed.start')}
          </Button>
        </CardFooter>
      )}
      {step === 'confirm' && (
        <RevealForm
          businessId={businessId}
          onCancel={() => setStep('intro')}
          onRevealed={(revealed) => {
            setWords(revealed)
            setIndex(0)
            setStep('words')
          }}
        />
      )}
      {step === 'words' && (
        <WordByWord words={words} index={index} onIndex={setIndex} onFinish={finish} />
      )}
    </Card>
  )
}

function RevealForm({
  businessId,
  onCancel,
  onRevealed,
}: {
  businessId: string
  onCancel: () => void
  onRevealed: (words: string[]) => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const twoFactor = useQuery(trpc.account.twoFactor.status.queryOptions())
  const needsCode = twoFactor.data?.isEnabled === true
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [hasPromised, setHasPromised] = useState(false)
  const [errors, setErrors] = useState<{ password?: string; code?: string; promise?: string }>({})
  const reveal = useMutation(
    trpc.node.revealSeed.mutationOptions({
      onSuccess: ({ seedWords }) => {
        setPassword('')
        onRevealed(seedWords)
      },
      onError: (error) => {
        const appError = parseAppError(error)
        const message = appErrorMessage(appError)
        const isCodeError =
          appError.code === 'INVALID_TWO_FACTOR_CODE' || appError.code === 'TWO_FACTOR_REQUIRED'
        setErrors(isCodeError ? { code: message } : { password: message })
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: typeof errors = {}
    if (password.length === 0) next.password = t('errors.NODE_PASSWORD_EMPTY')
    if (needsCode && code.trim() === '') next.code = t('nodeAdmin.seed.codeRequired')
    if (!hasPromised) next.promise = t('nodeAdmin.seed.promiseRequired')
    setErrors(next)
    if (Object.keys(next).length > 0) return
    reveal.mutate({ businessId, password, ...(needsCode ? { code: code.trim() } : {}) })
  }
  return (
    <form noValidate onSubmit={submit}>
      <CardContent className="grid gap-5">
        <Alert variant="warning">
          <ShieldAlert aria-hidden />
          <AlertTitle>{t('nodeAdmin.seed.warningTitle')}</AlertTitle>
          <AlertDescription className="text-warning-foreground/90">
            {t('nodeAdmin.seed.warning')}
          </AlertDescription>
        </Alert>
        <FormField
          id="seed-node-password"
          label={t('nodeAdmin.unlock.password')}
          error={errors.password}
        >
          <FormControl>
            <PasswordInput
              autoComplete="current-password"
              autoFocus
              maxLength={200}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormControl>
        </FormField>
        {needsCode && (
          <FormField id="seed-code" label={t('nodeAdmin.seed.code')} error={errors.code}>
            <FormControl>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={32}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormControl>
          </FormField>
        )}
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <Checkbox
              id="seed-promise"
              checked={hasPromised}
              onCheckedChange={(checked) => setHasPromised(checked === true)}
              aria-invalid={errors.promise ? true : undefined}
            />
            <Label htmlFor="seed-promise" className="leading-snug font-normal">
              {t('nodeAdmin.seed.promise')}
            </Label>
          </div>
          {errors.promise && (
            <p className="text-xs font-medium text-destructive">{errors.promise}</p>
          )}
        </div>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 bg-muted/40 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel} className="max-sm:w-full">
          {t('nodeAdmin.seed.cancel')}
        </Button>
        <Button type="submit" isLoading={reveal.isPending} className="max-sm:w-full">
          {t('nodeAdmin.seed.show')}
        </Button>
      </CardFooter>
    </form>
  )
}

function WordByWord({
  words,
  index,
  onIndex,
  onFinish,
}: {
  words: string[]
  index: number
  onIndex: (index: number) => void
  onFinish: () => void
}) {
  const { t } = useTranslation()
  const isLast = index === words.length - 1
  return (
    <>
      <CardContent className="grid justify-items-center gap-3 py-6">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('nodeAdmin.seed.position', { number: index + 1, count: words.length })}
        </p>
        <p className="font-mono text-3xl font-semibold tracking-wide" data-testid="seed-word">
          {words[index]}
        </p>
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2 bg-muted/40">
        <Button
          variant="outline"
          onClick={() => onIndex(index - 1)}
          disabled={index === 0}
          aria-label={t('nodeAdmin.seed.previous')}
        >
          <ChevronLeft aria-hidden />
          <span className="max-sm:sr-only">{t('nodeAdmin.seed.previous')}</span>
        </Button>
        {isLast ? (
          <Button onClick={onFinish}>{t('nodeAdmin.seed.writtenDown')}</Button>
        ) : (
          <Button onClick={() => onIndex(index + 1)}>
            {t('nodeAdmin.seed.next')}
            <ChevronRight aria-hidden />
          </Button>
        )}
      </CardFooter>
    </>
  )
}
