import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { AlertCircle, Check, ClipboardPaste, Lock, X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import type { AppErrorCode } from '@/lib/app-error'
import { appErrorMessage, notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { BackToOptions } from './back-to-options'
import { NWC_URL_PREFIX, isCompleteNwcUrl, nwcUrlHints, type NwcUrlHints } from './nwc-url'
import { detailStrings, serverErrorInfo } from '@/lib/app-error'
import { useFollowServerStep, useRefreshOnboardingStep } from '@/lib/use-onboarding-step'

const NWC_URL_MAX_LENGTH = 2000

interface ConnectFailure {
  code: AppErrorCode
  /** The server's own explanation (English), when it adds something. */
  reason: string | undefined
  missingMethods: string[]
}

/** Connects a wallet or node the merchant already runs, by its Nostr Wallet Connect URL. */
export function NwcNodePage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const followServerStep = useFollowServerStep(businessId)
  const [url, setUrl] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [failure, setFailure] = useState<ConnectFailure | undefined>()
  const hints = nwcUrlHints(url)

  const connect = useMutation(
    trpc.onboarding.connectNwc.mutationOptions({
      onSuccess: async () => {
        await refreshStep()
        notify.success(t('provider.nwc.successTitle'), t('provider.nwc.successMessage'))
        await navigate({ to: '/$businessId/sales/dashboard', params: { businessId } })
      },
      onError: async (error) => {
        const appError = notifyError(error, t('provider.nwc.failedTitle'))
        const info = serverErrorInfo(error)
        const hasOwnReason = ['NWC_URL_INVALID', 'NWC_UNREACHABLE', 'NWC_MISSING_METHODS']
        setFailure({
          code: appError.code,
          reason: hasOwnReason.includes(appError.code) ? info.reason : undefined,
          missingMethods: detailStrings(info, 'missing'),
        })
        if (appError.code === 'NWC_URL_INVALID' || appError.code === 'VALIDATION') {
          setFieldError(appErrorMessage(appError))
        }
        if (appError.code === 'STEP_NOT_ALLOWED') await followServerStep()
      },
    }),
  )

  const changeUrl = (value: string) => {
    setUrl(value)
    setFieldError(undefined)
    setFailure(undefined)
  }

  const paste = async () => {
    try {
      changeUrl((await navigator.clipboard.readText()).trim())
    } catch {
      notify.error(t('provider.nwc.pasteFailedTitle'), t('provider.nwc.pasteFailedMessage'))
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = url.trim()
    if (value === '') {
      setFieldError(t('provider.nwc.urlRequired'))
      return
    }
    if (value.length > NWC_URL_MAX_LENGTH) {
      setFieldError(t('validation.tooLong', { count: NWC_URL_MAX_LENGTH }))
      return
    }
    if (!hints?.hasScheme) {
      setFieldError(t('provider.nwc.notNwcUrl', { prefix: NWC_URL_PREFIX }))
      return
    }
    // An incomplete URL still goes to the server, which names exactly what is wrong.
    connect.mutate({ businessId, url: value })
  }

  return (
    <div className="mx-auto max-w-2xl">
      <BackToOptions businessId={businessId} />
      <PageHeader title={t('pages.newNwcNode')} description={t('provider.nwc.description')} />
      <Card className="overflow-hidden">
        <form noValidate onSubmit={submit}>
          <CardContent className="grid gap-5 pt-6">
            <FormField
              id="nwc-url"
              label={t('provider.nwc.urlLabel')}
              labelAside={
                <Button type="button" variant="ghost" size="sm" onClick={() => void paste()}>
                  <ClipboardPaste aria-hidden />
                  {t('provider.nwc.paste')}
                </Button>
              }
              description={t('provider.nwc.urlHint')}
              error={fieldError}
            >
              <FormControl>
                <textarea
                  value={url}
                  onChange={(event) => changeUrl(event.target.value)}
                  rows={4}
                  autoFocus
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  placeholder={`${NWC_URL_PREFIX}…?relay=wss://…&secret=…`}
                  className="min-h-24 w-full resize-y rounded-md border border-input bg-card px-3 py-2 font-mono text-xs leading-relaxed break-all text-foreground shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 aria-invalid:border-destructive"
                />
              </FormControl>
            </FormField>
            {hints && <UrlChecklist hints={hints} />}
            {failure && <FailureDetails failure={failure} />}
          </CardContent>
          <CardFooter className="flex-wrap justify-between bg-muted/40">
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Lock className="size-3.5 shrink-0" aria-hidden />
              {t('provider.nwc.storedEncrypted')}
            </p>
            <Button type="submit" isLoading={connect.isPending} className="max-sm:w-full">
              {connect.isPending ? t('provider.nwc.connecting') : t('provider.nwc.submit')}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  )
}

/** What the pasted URL holds, part by part, as the merchant types or pastes. */
function UrlChecklist({ hints }: { hints: NwcUrlHints }) {
  const { t } = useTranslation()
  const listId = useId()
  const relayHosts = hints.relays.map((relay) => hostOf(relay.url)).join(', ')
  const isComplete = isCompleteNwcUrl(hints)
  return (
    <div className="rounded-lg border border-border bg-muted/40 px-4 py-3">
      <p id={listId} className="mb-2 text-xs font-medium text-muted-foreground">
        {isComplete ? t('provider.nwc.hints.complete') : t('provider.nwc.hints.title')}
      </p>
      <ul aria-labelledby={listId} className="grid gap-1.5 text-sm">
        <HintRow isOk={hints.hasScheme}>
          {t('provider.nwc.hints.scheme', { prefix: NWC_URL_PREFIX })}
        </HintRow>
        {hints.hasScheme && (
          <>
            <HintRow isOk={hints.isPubkeyValid}>
              {hints.isPubkeyValid && hints.walletPubkey
                ? t('provider.nwc.hints.pubkeyOk', { pubkey: shorten(hints.walletPubkey) })
                : t('provider.nwc.hints.pubkeyBad')}
            </HintRow>
            <HintRow isOk={hints.relays.length > 0 && hints.relays.every((r) => r.isValid)}>
              {hints.relays.length === 0
                ? t('provider.nwc.hints.relayMissing')
                : hints.relays.every((r) => r.isValid)
                  ? t('provider.nwc.hints.relayOk', { relays: relayHosts })
                  : t('provider.nwc.hints.relayBad')}
            </HintRow>
            <HintRow isOk={hints.isSecretValid}>
              {hints.isSecretValid
                ? t('provider.nwc.hints.secretOk')
                : t('provider.nwc.hints.secretBad')}
            </HintRow>
            {hints.lud16 && (
              <HintRow isOk>{t('provider.nwc.hints.lud16', { address: hints.lud16 })}</HintRow>
            )}
          </>
        )}
      </ul>
    </div>
  )
}

function HintRow({ isOk, children }: { isOk: boolean; children: string }) {
  const { t } = useTranslation()
  const Icon = isOk ? Check : X
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', isOk ? 'text-success' : 'text-destructive')}
        aria-hidden
      />
      <span className={cn('min-w-0 break-words', !isOk && 'text-foreground')}>
        <span className="sr-only">
          {isOk ? t('provider.nwc.hints.ok') : t('provider.nwc.hints.problem')}:{' '}
        </span>
        {children}
      </span>
    </li>
  )
}

/** Why the last attempt failed, in the merchant's language plus the wallet's own reason. */
function FailureDetails({ failure }: { failure: ConnectFailure }) {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0 space-y-1.5">
        <p className="font-medium text-destructive-hover">
          {appErrorMessage({ code: failure.code, fieldErrors: {} })}
        </p>
        {failure.missingMethods.length > 0 && (
          <>
            <p className="text-foreground">{t('provider.nwc.missingMethodsIntro')}</p>
            <ul className="flex flex-wrap gap-1.5">
              {failure.missingMethods.map((method) => (
                <li
                  key={method}
                  className="rounded bg-card px-1.5 py-0.5 font-mono text-xs text-foreground"
                >
                  {method}
                </li>
              ))}
            </ul>
          </>
        )}
        {failure.reason && failure.missingMethods.length === 0 && (
          <p className="break-words text-muted-foreground">
            {t('provider.nwc.serverReason', { reason: failure.reason })}
          </p>
        )}
      </div>
    </div>
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url
  } catch {
    return url
  }
}

function shorten(value: string): string {
  return value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-8)}` : value
}
