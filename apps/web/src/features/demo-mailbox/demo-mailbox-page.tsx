/**
 * The demo's mailbox (demo mode only): every mail the demo sent (invitations, password resets,
 * verifications, notices), newest first, and one opened: its HTML in a sandboxed frame (links
 * open in a new tab) or its plain text.
 */
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Inbox, Mail } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { useSystemConfig } from '@/lib/use-system-config'
import { useTRPC } from '@/lib/trpc'

/** Links in a mail's HTML open outside the frame, in a new tab. */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">'
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head([^>]*)>/i, `<head$1>${base}`)
    : `${base}${html}`
}

/** The plain text with its web addresses as links. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g)
  return (
    <pre className="overflow-x-auto font-sans text-sm whitespace-pre-wrap break-words">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  )
}

function Message({ id }: { id: string }) {
  const { t, i18n } = useTranslation()
  const trpc = useTRPC()
  const [view, setView] = useState<'html' | 'text'>('html')
  const mail = useQuery(trpc.demo.mail.queryOptions({ id }))
  if (mail.isPending) return <ListPending />
  if (mail.isError) {
    return (
      <ListLoadFailed title={t('demo.mailbox.loadFailed')} onRetry={() => void mail.refetch()} />
    )
  }
  const m = mail.data
  const shown = m.html && view === 'html' ? 'html' : 'text'
  return (
    <article className="grid min-w-0 gap-3" aria-label={m.subject}>
      <header className="grid gap-1">
        <h2 className="text-lg font-semibold break-words">{m.subject}</h2>
        <p className="text-xs break-words text-muted-foreground">
          {t('demo.mailbox.from', { from: m.from })} ·{' '}
          {t('demo.mailbox.to', { to: m.to.join(', ') })} ·{' '}
          {new Intl.DateTimeFormat(i18n.resolvedLanguage, {
            dateStyle: 'short',
            timeStyle: 'medium',
          }).format(new Date(m.receivedAt))}
        </p>
      </header>
      {m.html && (
        <div className="flex gap-2" role="group" aria-label={t('demo.mailbox.view')}>
          <Button
            size="sm"
            variant={shown === 'html' ? 'secondary' : 'ghost'}
            aria-pressed={shown === 'html'}
            onClick={() => setView('html')}
          >
            {t('demo.mailbox.html')}
          </Button>
          <Button
            size="sm"
            variant={shown === 'text' ? 'secondary' : 'ghost'}
            aria-pressed={shown === 'text'}
            onClick={() => setView('text')}
          >
            {t('demo.mailbox.text')}
          </Button>
        </div>
      )}
      {shown === 'html' && m.html ? (
        <iframe
          title={m.subject}
          // no scripts, no same origin: the mail cannot reach the page; links may open a tab
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={withLinksInNewTab(m.html)}
          className="h-[560px] w-full rounded-md border bg-white"
        />
      ) : (
        <div className="rounded-md border bg-card p-4">
          <LinkedText text={m.text} />
        </div>
      )}
    </article>
  )
}

export function DemoMailboxPage() {
  const { t, i18n } = useTranslation()
  const trpc = useTRPC()
  const { isDemo } = useSystemConfig()
  const [openId, setOpenId] = useState<string | null>(null)
  const list = useQuery({
    ...trpc.demo.mailbox.queryOptions({}),
    enabled: isDemo,
    refetchInterval: 2_000,
  })
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { timeStyle: 'short' })
  const selected = openId ?? list.data?.[0]?.id ?? null
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <Button variant="ghost" className="justify-self-start" onClick={() => history.back()}>
        <ArrowLeft aria-hidden />
        {t('demo.wallet.back')}
      </Button>
      <PageHeader title={t('demo.mailbox.title')} description={t('demo.mailbox.description')} />
      {!isDemo ? (
        <p className="text-muted-foreground">{t('demo.mailbox.notDemo')}</p>
      ) : list.isPending ? (
        <ListPending />
      ) : list.isError ? (
        <ListLoadFailed title={t('demo.mailbox.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
            <Inbox className="size-8" aria-hidden />
            <p>{t('demo.mailbox.empty')}</p>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
          <nav aria-label={t('demo.mailbox.messages')} className="min-w-0">
            <ul className="grid grid-cols-1 gap-1">
              {list.data.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(m.id)}
                    aria-current={m.id === selected ? 'true' : undefined}
                    className={cn(
                      'grid w-full grid-cols-1 gap-0.5 rounded-md border px-3 py-2 text-left text-sm hover:bg-muted',
                      m.id === selected && 'border-primary bg-primary-soft',
                    )}
                  >
                    <span className="flex items-center gap-2 font-medium">
                      <Mail className="size-3.5 shrink-0" aria-hidden />
                      <span className="min-w-0 truncate">{m.subject}</span>
                    </span>
                    <span className="flex justify-between gap-2 text-xs text-muted-foreground">
                      <span className="min-w-0 truncate">{m.to.join(', ')}</span>
                      <span className="shrink-0">{time.format(new Date(m.receivedAt))}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected && <Message key={selected} id={selected} />}
        </div>
      )}
    </main>
  )
}
