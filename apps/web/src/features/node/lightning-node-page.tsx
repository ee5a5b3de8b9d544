import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notifyError } from '@/lib/notify'
import { useTRPC, useTRPCClient } from '@/lib/trpc'
import { NodePasswordForm, type NodePassword, type NodePasswordError } from './node-password-form'
import { NodeProgressList } from './node-progress-list'
import { SeedShownOnceCard, SeedWordsCard } from './seed-words-card'
import { useLiveNodeStatus } from '@/lib/use-node-status'
import { useFollowServerStep, useRefreshOnboardingStep } from '@/lib/use-onboarding-step'

const PASSWORD_FIELD_BY_CODE = {
  NODE_PASSWORD_EMPTY: 'password',
  NODE_PASSWORD_TOO_SHORT: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
  VALIDATION: 'password',
} as const

/**
 * Creates the merchant's own node: a password chosen here (kept in memory only, never in the
 * browser's storage), the node followed live while the host sets it up, the wallet created
 * with that password once the node waits for it, and the seed words shown exactly once.
 * `backLink` is shown above the password form while no node has been asked for yet (during
 * onboarding, the way back to the other payment processors).
 */
export function LightningNodePage({
  businessId,
  backLink,
}: {
  businessId: string
  backLink?: ReactNode
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const client = useTRPCClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const followServerStep = useFollowServerStep(businessId)
  const statusQuery = useLiveNodeStatus(businessId)
  const status = statusQuery.data
  const statusKey = trpc.node.status.queryKey({ businessId })

  /** The chosen password until the wallet exists; gone from memory right after. */
  const [password, setPassword] = useState<NodePassword | undefined>()
  const [seedWords, setSeedWords] = useState<string[] | undefined>()
  const [passwordError, setPasswordError] = useState<NodePasswordError | undefined>()
  const hasStartedInitialising = useRef(false)

  const onStepError = async (error: unknown, title: string) => {
    const { code } = notifyError(error, title)
    if (code === 'STEP_NOT_ALLOWED') await followServerStep()
    return code
  }

  const requestNode = useMutation({
    // Also from the choice step: the server records the choice with the request.
    mutationFn: () => client.node.request.mutate({ businessId }),
    onSuccess: async (nodeStatus) => {
      queryClient.setQueryData(statusKey, nodeStatus)
      await refreshStep()
    },
    onError: async (error) => {
      // Asked twice (another tab, a double click): the node is there, carry on with it.
      if (parseAppError(error).code === 'NODE_ALREADY_EXISTS') {
        await queryClient.invalidateQueries({ queryKey: statusKey })
        return
      }
      setPassword(undefined)
      await onStepError(error, t('node.create.failedTitle'))
    },
  })

  const initialise = useMutation(
    trpc.node.initialise.mutationOptions({
      onSuccess: ({ seedWords: words }) => {
        setSeedWords(words)
        setPassword(undefined)
        queryClient.setQueryData(statusKey, (old) => (old ? { ...old, isInitialised: true } : old))
      },
      onError: async (error) => {
        const appError = parseAppError(error)
        if (appError.code === 'NODE_ALREADY_EXISTS') {
          // Set up in the meantime (another tab): the words were shown there.
          setPassword(undefined)
          await queryClient.invalidateQueries({ queryKey: statusKey })
          return
        }
        const field = (PASSWORD_FIELD_BY_CODE as Record<string, keyof NodePassword>)[appError.code]
        if (field) {
          setPassword(undefined)
          setPasswordError({ field, message: appErrorMessage(appError) })
        }
        await onStepError(error, t('node.initialise.failedTitle'))
      },
    }),
  )

  const confirmSeed = useMutation(
    trpc.node.confirmSeed.mutationOptions({
      onSuccess: async () => {
        await refreshStep()
        await navigate({ to: '/onboarding/$businessId/channel-deposit', params: { businessId } })
      },
      onError: (error) => onStepError(error, t('node.seed.failedTitle')),
    }),
  )

  // The host waits for the wallet: create it with the password, once.
  const isWaitingForWallet =
    status?.exists === true &&
    !status.isInitialised &&
    status.hostState === 'waiting_for_initialisation'
  useEffect(() => {
    if (!password || !isWaitingForWallet || hasStartedInitialising.current) return
    hasStartedInitialising.current = true
    initialise.mutate({ businessId, ...password })
  }, [password, isWaitingForWallet, initialise, businessId])

  // Seed words confirmed earlier (another tab): the deposit is next.
  const isSeedConfirmed = status?.isSeedConfirmed === true
  useEffect(() => {
    if (!isSeedConfirmed) return
    void refreshStep().then(() =>
      navigate({ to: '/onboarding/$businessId/channel-deposit', params: { businessId } }),
    )
  }, [isSeedConfirmed, refreshStep, navigate, businessId])

  const choosePassword = (values: NodePassword) => {
    // A new password (after one the node refused) starts the wallet creation afresh.
    hasStartedInitialising.current = false
    setPasswordError(undefined)
    setPassword(values)
    if (!status?.exists) requestNode.mutate()
  }

  const header = (description: string) => (
    <PageHeader title={t('pages.newLightningNode')} description={description} />
  )

  if (statusQuery.isPending) return <PagePending />
  if (!status) {
    return (
      <div className="mx-auto max-w-2xl">
        {header(t('node.create.description'))}
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6 text-sm">
            <p className="text-destructive">{appErrorMessage(parseAppError(statusQuery.error))}</p>
            <Button variant="outline" onClick={() => void statusQuery.refetch()}>
              {t('common.retry')}
            </Button>
          </CardContent>
        </Card>
      </div>
    )
  }

  if (seedWords) {
    return (
      <div className="mx-auto max-w-2xl">
        {header(t('node.seed.pageDescription'))}
        <SeedWordsCard
          seedWords={seedWords}
          isPending={confirmSeed.isPending}
          onConfirm={() => confirmSeed.mutate({ businessId })}
        />
      </div>
    )
  }

  if (!status.exists) {
    return (
      <div className="mx-auto max-w-2xl">
        {backLink}
        {header(t('node.create.description'))}
        <NodePasswordForm
          mode="create"
          isPending={requestNode.isPending}
          serverError={passwordError}
          onSubmit={choosePassword}
        />
      </div>
    )
  }

  if (status.isInitialised) {
    return (
      <div className="mx-auto max-w-2xl">
        {header(t('node.seedShown.pageDescription'))}
        <SeedShownOnceCard
          isPending={confirmSeed.isPending || isSeedConfirmed}
          onConfirm={() => confirmSeed.mutate({ businessId })}
        />
      </div>
    )
  }

  const progress = (
    <Card>
      <CardHeader>
        <CardTitle>{t('node.progress.title')}</CardTitle>
        <CardDescription>{t('node.progress.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NodeProgressList status={status} isCreatingWallet={initialise.isPending} />
        {password && initialise.isError && !initialise.isPending && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/25 bg-destructive-soft px-4 py-3 text-sm">
            <p>{appErrorMessage(parseAppError(initialise.error))}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => initialise.mutate({ businessId, ...password })}
            >
              {t('common.retry')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  )

  return (
    <div className="mx-auto max-w-2xl">
      {header(t('node.progress.pageDescription'))}
      <div className="grid gap-6">
        {!password && (
          <NodePasswordForm
            mode="resume"
            isPending={false}
            serverError={passwordError}
            onSubmit={choosePassword}
          />
        )}
        {progress}
      </div>
    </div>
  )
}
