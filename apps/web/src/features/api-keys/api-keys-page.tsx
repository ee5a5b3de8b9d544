import type { ApiKeyScope } from '@app/domain'
import { KeyRound, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { shownKey } from './api-key-scopes'
import { CreateApiKeyDialog, type ApiKeyValues } from './create-api-key-dialog'
import { NewApiKeyDialog } from './new-api-key-dialog'
import { RevokeApiKeyDialog } from './revoke-api-key-dialog'
import { useApiKeyMutations, useApiKeys } from './use-api-keys'

interface ApiKey {
  id: string
  name: string
  shownPrefix: string
  scopes: ApiKeyScope[]
  createdAt: Date
  lastUsedAt: Date | null
}

const when = (d: Date) => formatDate(d, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * A business's API keys for its web shop: each named, with its first characters, scopes, when it
 * was made and last used, and a way to revoke it. A new key is shown once, in a dialog, right
 * after it is made.
 */
export function ApiKeysPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const list = useApiKeys(businessId)
  const m = useApiKeyMutations(businessId)
  const [isCreating, setIsCreating] = useState(false)
  const [fresh, setFresh] = useState<{ name: string; key: string } | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const keys = list.data ?? []

  const create = async (values: ApiKeyValues) => {
    const created = await m.create.mutateAsync({ businessId, data: values })
    setFresh({ name: created.name, key: created.key })
    notify.success(t('apiKeys.toast.created'))
  }

  const revoke = async () => {
    if (!revoking) return
    try {
      await m.revoke.mutateAsync({ businessId, keyId: revoking.id })
      notify.success(t('apiKeys.toast.revoked', { name: revoking.name }))
      setRevoking(null)
    } catch (error) {
      notifyError(error, t('apiKeys.toast.revokeFailed'))
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.intro')}
        actions={
          <Button onClick={() => setIsCreating(true)}>
            <Plus aria-hidden />
            {t('apiKeys.create')}
          </Button>
        }
      />

      {list.isPending ? (
        <ListPending />
      ) : list.isError ? (
        <ListLoadFailed title={t('apiKeys.loadFailed')} onRetry={() => void list.refetch()} />
      ) : keys.length === 0 ? (
        <ListEmpty
          icon={KeyRound}
          title={t('apiKeys.empty.title')}
          message={t('apiKeys.empty.message')}
        />
      ) : (
        <ul className="grid gap-4" aria-label={t('apiKeys.title')}>
          {keys.map((key) => (
            <li key={key.id}>
              <Card className="grid gap-3 p-4 sm:p-6" data-testid="api-key-row">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <h2 className="text-base font-semibold break-words">{key.name}</h2>
                    <p className="font-mono text-sm text-muted-foreground">
                      {shownKey(key.shownPrefix)}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    aria-label={t('apiKeys.revoke.actionNamed', { name: key.name })}
                    onClick={() => setRevoking(key)}
                  >
                    <Trash2 aria-hidden />
                    {t('apiKeys.revoke.action')}
                  </Button>
                </div>
                <ul
                  className="flex flex-wrap gap-2"
                  aria-label={t('apiKeys.scopesOf', { name: key.name })}
                >
                  {key.scopes.map((scope) => (
                    <li key={scope}>
                      <Badge variant="secondary" className="font-mono">
                        {scope}
                      </Badge>
                    </li>
                  ))}
                </ul>
                <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="text-muted-foreground">{t('apiKeys.createdAt')}</dt>
                    <dd>{when(key.createdAt)}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="text-muted-foreground">{t('apiKeys.lastUsedAt')}</dt>
                    <dd>{key.lastUsedAt ? when(key.lastUsedAt) : t('apiKeys.neverUsed')}</dd>
                  </div>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {isCreating && (
        <CreateApiKeyDialog
          open
          onOpenChange={(open) => !open && setIsCreating(false)}
          onCreate={create}
        />
      )}
      <NewApiKeyDialog fresh={fresh} onDone={() => setFresh(null)} />
      <RevokeApiKeyDialog
        apiKey={revoking}
        isPending={m.revoke.isPending}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={() => void revoke()}
      />
    </div>
  )
}
