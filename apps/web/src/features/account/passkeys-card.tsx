import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSKEY_NAME_MAX } from '@app/domain'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { formatDate } from '@/lib/format'
import { notify } from '@/lib/notify'
import { createPasskey, passkeyErrorMessage } from '@/lib/passkeys'
import { useTRPC, useTRPCClient } from '@/lib/trpc'
import { RemovePasskeyDialog } from './remove-passkey-dialog'

/**
 * The account's passkeys: each with its name, when it was added and last used; renamed in
 * place, removed with the password. "Add a passkey" names one and asks the browser to make it.
 */
export function PasskeysCard() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { data: passkeys } = useSuspenseQuery(trpc.passkeys.list.queryOptions())
  const [isAdding, setIsAdding] = useState(false)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() })
  const when = (date: Date) => formatDate(date, { dateStyle: 'medium' })

  return (
    <Card className="overflow-hidden" data-testid="passkeys-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="flex min-w-0 items-center gap-2">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden />
            {t('account.passkeys.title')}
          </CardTitle>
          <Badge variant={passkeys.length > 0 ? 'success' : 'outline'}>{passkeys.length}</Badge>
        </div>
        <CardDescription>{t('account.passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        {passkeys.length === 0 ? (
          <p className="border-t px-6 py-4 text-sm text-muted-foreground">
            {t('account.passkeys.none')}
          </p>
        ) : (
          <ul aria-label={t('account.passkeys.title')} className="divide-y divide-border border-t">
            {passkeys.map((passkey) => (
              <li
                key={passkey.id}
                data-testid="passkey-row"
                className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 px-6 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
              >
                <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                {renaming === passkey.id ? (
                  <RenameForm
                    passkey={passkey}
                    onDone={async (renamed) => {
                      setRenaming(null)
                      if (renamed) await refresh()
                    }}
                  />
                ) : (
                  <>
                    <div className="grid min-w-0 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium break-words text-foreground">
                          {passkey.name}
                        </span>
                        {passkey.isSynced && (
                          <Badge variant="outline">{t('account.passkeys.synced')}</Badge>
                        )}
                      </div>
                      <p className="text-xs text-muted-foreground">
                        {t('account.passkeys.added', { date: when(passkey.createdAt) })}
                        {' · '}
                        {passkey.lastUsedAt
                          ? t('account.passkeys.lastUsed', { date: when(passkey.lastUsedAt) })
                          : t('account.passkeys.neverUsed')}
                      </p>
                    </div>
                    <div className="col-start-2 flex flex-wrap gap-2 sm:col-start-3">
                      <Button variant="outline" size="sm" onClick={() => setRenaming(passkey.id)}>
                        {t('account.passkeys.rename')}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('account.passkeys.removeLabel', { name: passkey.name })}
                        onClick={() => setRemoving({ id: passkey.id, name: passkey.name })}
                      >
                        {t('account.passkeys.remove')}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {isAdding ? (
        <AddForm
          onDone={async (added) => {
            setIsAdding(false)
            if (added) await refresh()
          }}
        />
      ) : (
        <CardFooter className="justify-end bg-muted/40">
          <Button onClick={() => setIsAdding(true)}>{t('account.passkeys.add')}</Button>
        </CardFooter>
      )}
      <RemovePasskeyDialog
        passkey={removing}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        onRemoved={async () => {
          setRemoving(null)
          notify.success(t('account.passkeys.removedTitle'))
          await refresh()
        }}
      />
    </Card>
  )
}

/** Names the new passkey, then asks the browser to make it and the server to keep it. */
function AddForm({ onDone }: { onDone: (added: boolean) => Promise<void> }) {
  const { t } = useTranslation()
  const client = useTRPCClient()
  const id = useId()
  const [name, setName] = useState(t('account.passkeys.defaultName'))
  const [error, setError] = useState<string | undefined>()
  const add = useMutation({
    mutationFn: async () => {
      const options = await client.passkeys.registrationOptions.mutate()
      const response = await createPasskey(options)
      return client.passkeys.register.mutate({ name: name.trim(), response })
    },
    onMutate: () => setError(undefined),
    onSuccess: async () => {
      notify.success(t('account.passkeys.addedTitle'))
      await onDone(true)
    },
    onError: (err) => setError(passkeyErrorMessage(err)),
  })
  return (
    <form
      noValidate
      className="border-t"
      onSubmit={(event) => {
        event.preventDefault()
        if (name.trim() === '') {
          setError(t('account.passkeys.nameRequired'))
          return
        }
        add.mutate()
      }}
    >
      <CardContent className="pt-6">
        <FormField
          id={`${id}-name`}
          label={t('account.passkeys.nameLabel')}
          description={t('account.passkeys.nameHint')}
          error={error}
        >
          <FormControl>
            <Input
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </FormControl>
        </FormField>
      </CardContent>
      <CardFooter className="mt-6 flex-wrap justify-end gap-2 bg-muted/40">
        <Button type="button" variant="ghost" onClick={() => void onDone(false)}>
          {t('account.passkeys.cancel')}
        </Button>
        <Button type="submit" isLoading={add.isPending}>
          {t('account.passkeys.create')}
        </Button>
      </CardFooter>
    </form>
  )
}

function RenameForm({
  passkey,
  onDone,
}: {
  passkey: { id: string; name: string }
  onDone: (renamed: boolean) => Promise<void>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const [name, setName] = useState(passkey.name)
  const [error, setError] = useState<string | undefined>()
  const rename = useMutation(
    trpc.passkeys.rename.mutationOptions({
      onSuccess: async () => {
        notify.success(t('account.passkeys.renamedTitle'))
        await onDone(true)
      },
      onError: (err) => setError(passkeyErrorMessage(err)),
    }),
  )
  return (
    <form
      noValidate
      className="col-span-1 grid gap-3 sm:col-span-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (name.trim() === '') {
          setError(t('account.passkeys.nameRequired'))
          return
        }
        rename.mutate({ id: passkey.id, name: name.trim() })
      }}
    >
      <FormField
        id={`${id}-rename`}
        label={t('account.passkeys.renameLabel', { name: passkey.name })}
        error={error}
      >
        <FormControl>
          <Input
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
        </FormControl>
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => void onDone(false)}>
          {t('account.passkeys.cancel')}
        </Button>
        <Button type="submit" size="sm" isLoading={rename.isPending}>
          {t('account.passkeys.save')}
        </Button>
      </div>
    </form>
  )
}
