import { INVITABLE_ROLES, type InvitableRole } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Copy, Crown, MailPlus, Trash2, X } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/form-dialog'
import { ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { formatDate } from '@/lib/format'
import { appErrorMessage, notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { DailySummaryCard } from './daily-summary-card'

/** The business's members and invitations: roles, removal, ownership, new invitations. */
export function TeamPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const me = useQuery(trpc.auth.getProfile.queryOptions())
  const members = useQuery(trpc.team.members.queryOptions({ businessId }))
  const invitations = useQuery(trpc.team.invitations.queryOptions({ businessId }))
  const business = useQuery(trpc.businesses.get.queryOptions({ businessId }))
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.businesses.pathKey() }),
    ])
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions({ onSettled: refresh }))
  const remove = useMutation(trpc.team.remove.mutationOptions({ onSettled: refresh }))
  const revoke = useMutation(trpc.team.revoke.mutationOptions({ onSettled: refresh }))
  const payOut = useMutation(trpc.team.setAdminsMayPayOut.mutationOptions({ onSettled: refresh }))
  const [transferTo, setTransferTo] = useState<{ userId: string; email: string } | null>(null)
  const [inviting, setInviting] = useState(false)

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('team.title')}
        description={t('team.intro')}
        actions={
          <Button onClick={() => setInviting(true)}>
            <MailPlus aria-hidden />
            {t('team.invite.open')}
          </Button>
        }
      />

      <ListCard
        title={t('team.members.title')}
        query={members}
        loadFailed={t('team.members.loadFailed')}
      >
        {(data) => (
          <ul className="divide-y divide-border" aria-label={t('team.members.title')}>
            {data.map((m) => {
              const isMe = m.userId === me.data?.id
              return (
                <li
                  key={m.userId}
                  className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{m.email}</p>
                    <p className="text-xs text-muted-foreground">
                      {isMe ? t('team.members.you') : t(`team.roles.${m.role}`)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {m.role === 'owner' ? (
                      <Badge variant="outline">
                        <Crown aria-hidden className="size-3" />
                        {t('team.roles.owner')}
                      </Badge>
                    ) : (
                      <>
                        <NativeSelect
                          aria-label={t('team.members.roleOf', { email: m.email })}
                          value={m.role}
                          disabled={changeRole.isPending}
                          onChange={(e) =>
                            changeRole.mutate(
                              {
                                businessId,
                                userId: m.userId,
                                role: e.target.value as InvitableRole,
                              },
                              { onError: (err) => notifyError(err) },
                            )
                          }
                        >
                          {INVITABLE_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t(`team.roles.${r}`)}
                            </option>
                          ))}
                        </NativeSelect>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setTransferTo({ userId: m.userId, email: m.email })}
                        >
                          <Crown aria-hidden />
                          {t('team.transfer.open')}
                        </Button>
                      </>
                    )}
                    {!isMe && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('team.members.removeNamed', { email: m.email })}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(
                            { businessId, userId: m.userId },
                            {
                              onSuccess: () => notify.success(t('team.members.removed')),
                              onError: (err) => notifyError(err),
                            },
                          )
                        }
                      >
                        <Trash2 aria-hidden />
                        {t('team.members.remove')}
                      </Button>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </ListCard>

      <ListCard
        title={t('team.invitations.title')}
        query={invitations}
        loadFailed={t('team.invitations.loadFailed')}
        empty={<p className="text-sm text-muted-foreground">{t('team.invitations.none')}</p>}
      >
        {(data) => (
          <ul className="divide-y divide-border" aria-label={t('team.invitations.title')}>
            {data.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{inv.email}</p>
                  <p className="text-xs text-muted-foreground">
                    {t(`team.roles.${inv.role}`)} ·{' '}
                    {inv.state === 'expired'
                      ? t('team.invitations.expired')
                      : t('team.invitations.expires', {
                          date: formatDate(new Date(inv.expiresAt)),
                        })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('team.invitations.revokeNamed', { email: inv.email })}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(
                      { businessId, invitationId: inv.id },
                      { onError: (err) => notifyError(err) },
                    )
                  }
                >
                  <X aria-hidden />
                  {t('team.invitations.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListCard>

      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold">{t('team.payouts.title')}</h2>
        </CardHeader>
        <CardContent>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={business.data?.adminsMayPayOut ?? false}
              disabled={!business.data || payOut.isPending}
              onChange={(e) =>
                payOut.mutate(
                  { businessId, allowed: e.target.checked },
                  { onError: (err) => notifyError(err) },
                )
              }
            />
            <span>{t('team.payouts.adminsMayPayOut')}</span>
          </label>
        </CardContent>
      </Card>

      <DailySummaryCard businessId={businessId} />

      {inviting && (
        <InviteDialog businessId={businessId} onClose={() => setInviting(false)} onDone={refresh} />
      )}
      {transferTo && (
        <TransferDialog
          businessId={businessId}
          to={transferTo}
          onClose={() => setTransferTo(null)}
          onDone={refresh}
        />
      )}
    </div>
  )
}

function InviteDialog({
  businessId,
  onClose,
  onDone,
}: {
  businessId: string
  onClose: () => void
  onDone: () => Promise<unknown>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const invite = useMutation(trpc.team.invite.mutationOptions())
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<InvitableRole>('manager')
  const [error, setError] = useState<string | undefined>()
  const [link, setLink] = useState<string | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (link) return onClose()
    setError(undefined)
    invite.mutate(
      { businessId, data: { email, role } },
      {
        onSuccess: (sent) => {
          setLink(sent.link)
          void onDone()
        },
        onError: (err) => {
          const app = parseAppError(err)
          setError(app.code === 'VALIDATION' ? t('team.invite.invalidEmail') : appErrorMessage(app))
        },
      },
    )
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('team.invite.title')}
      description={link ? t('team.invite.sent', { email }) : t('team.invite.intro')}
      cancelLabel={t('team.invite.cancel')}
      submitLabel={link ? t('team.invite.done') : t('team.invite.submit')}
      submitting={invite.isPending}
      onSubmit={submit}
    >
      {link ? (
        <FormField
          id="invite-link"
          label={t('team.invite.link')}
          description={t('team.invite.linkHint')}
        >
          <div className="flex gap-2">
            <FormControl>
              <Input
                readOnly
                value={link}
                className="font-mono text-xs"
                data-testid="invite-link"
              />
            </FormControl>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={t('team.invite.copy')}
              onClick={() => void navigator.clipboard?.writeText(link)}
            >
              <Copy aria-hidden />
            </Button>
          </div>
        </FormField>
      ) : (
        <>
          <FormField id="invite-email" label={t('team.invite.email')} error={error}>
            <FormControl>
              <Input
                type="email"
                autoFocus
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormControl>
          </FormField>
          <FormField
            id="invite-role"
            label={t('team.invite.role')}
            description={t(`team.roleHints.${role}`)}
          >
            <FormControl>
              <NativeSelect value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
                {INVITABLE_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`team.roles.${r}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          </FormField>
        </>
      )}
    </FormDialog>
  )
}

function TransferDialog({
  businessId,
  to,
  onClose,
  onDone,
}: {
  businessId: string
  to: { userId: string; email: string }
  onClose: () => void
  onDone: () => Promise<unknown>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const transfer = useMutation(trpc.team.transferOwnership.mutationOptions())
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<{ field: 'password' | 'code'; text: string } | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    transfer.mutate(
      {
        businessId,
        userId: to.userId,
        proof: { password, ...(code.trim() ? { code: code.trim() } : {}) },
      },
      {
        onSuccess: () => {
          notify.success(t('team.transfer.done', { email: to.email }))
          void onDone()
          onClose()
        },
        onError: (err) => {
          const app = parseAppError(err)
          const field =
            app.code === 'TWO_FACTOR_REQUIRED' || app.code === 'INVALID_TWO_FACTOR_CODE'
              ? 'code'
              : 'password'
          setError({ field, text: appErrorMessage(app) })
        },
      },
    )
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('team.transfer.title')}
      description={t('team.transfer.intro', { email: to.email })}
      cancelLabel={t('team.invite.cancel')}
      submitLabel={t('team.transfer.submit')}
      submitting={transfer.isPending}
      onSubmit={submit}
    >
      <FormField
        id="transfer-password"
        label={t('team.transfer.password')}
        error={error?.field === 'password' ? error.text : undefined}
      >
        <FormControl>
          <PasswordInput
            autoFocus
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormControl>
      </FormField>
      <FormField
        id="transfer-code"
        label={t('team.transfer.code')}
        description={t('team.transfer.codeHint')}
        error={error?.field === 'code' ? error.text : undefined}
      >
        <FormControl>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </FormControl>
      </FormField>
    </FormDialog>
  )
}

/**
 * A card listing what a query returns: a spinner while it loads, what failed with a retry,
 * `empty` when there is nothing, else `children` with the items.
 */
function ListCard<T>({
  title,
  query,
  loadFailed,
  empty,
  children,
}: {
  title: string
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown }
  loadFailed: string
  empty?: ReactNode
  children: (items: T[]) => ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListPending />
        ) : query.isError || !query.data ? (
          <ListLoadFailed title={loadFailed} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 && empty ? (
          empty
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  )
}
