/**
 * Subscriptions live no longer than the session that opened them: each open subscription is
 * registered under its session and ended when the session is signed out or revoked (told through
 * PostgreSQL NOTIFY, so on every instance), when it expires (a timer at its end), or when a
 * periodic check no longer finds it. A session its own user replaced with a new one (a password
 * change) hands its subscriptions over to the new session instead. A session may hold only so
 * many open subscriptions on one instance.
 */
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import type { AuthRepo } from './repo'
import { SESSION_ENDED_CHANNEL, type SessionReplaced } from './session-repo'

export interface SessionGuardOptions {
  /** open subscriptions one session may hold on an instance */
  maxSubscriptionsPerSession: number
  /** how often every open subscription's session is looked up again */
  recheckMs: number
}

export const DEFAULT_SESSION_GUARD: SessionGuardOptions = {
  maxSubscriptionsPerSession: 20,
  recheckMs: 60_000,
}

/** A session as the guard knows it: when it ends unless it is used (sliding) or at the latest. */
export interface GuardedSession {
  idHash: string
  /** the sliding end, as last read */
  expiresAt: Date
  /** the absolute end */
  endsBy: Date
}

interface Entry {
  /** the session it is registered under now (a replaced session hands it on) */
  idHash: string
  endsAt: number
  timer: NodeJS.Timeout | undefined
  enders: Set<() => void>
  /** where its subscriptions went when its session was replaced by one holding some already */
  movedTo?: Entry
}

/** The longest a timer may be set for (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1

export function createSessionGuard(deps: {
  repo: AuthRepo
  bus: PgEventBus | undefined
  /** the absolute end of a session created at `createdAt` */
  endsBy: (createdAt: Date) => Date
  options?: Partial<SessionGuardOptions>
  log?: (msg: string, err?: unknown) => void
}) {
  const options = { ...DEFAULT_SESSION_GUARD, ...deps.options }
  const sessions = new Map<string, Entry>()
  let listening: Promise<void> | undefined
  let sweeper: NodeJS.Timeout | undefined

  function end(idHash: string): void {
    const entry = sessions.get(idHash)
    if (!entry) return
    sessions.delete(idHash)
    clearTimeout(entry.timer)
    for (const ender of entry.enders) ender()
    if (sessions.size === 0) stopSweeping()
  }

  /** The subscriptions of `ended` carry on under `replacedBy`, timed by its end. */
  function handOver({ ended, replacedBy }: SessionReplaced): void {
    const entry = sessions.get(ended)
    if (!entry) return
    sessions.delete(ended)
    const held = sessions.get(replacedBy)
    if (held) {
      clearTimeout(entry.timer)
      for (const ender of entry.enders) held.enders.add(ender)
      entry.movedTo = held
    } else {
      entry.idHash = replacedBy
      sessions.set(replacedBy, entry)
    }
    void recheck([replacedBy])
  }

  function schedule(idHash: string, entry: Entry): void {
    clearTimeout(entry.timer)
    const wait = Math.min(Math.max(0, entry.endsAt - Date.now()), MAX_TIMER_MS)
    entry.timer = setTimeout(() => void recheck([idHash]), wait)
    entry.timer.unref()
  }

  /** Looks the sessions up: ended ones end their subscriptions, live ones are timed again. */
  async function recheck(idHashes: string[]): Promise<void> {
    try {
      const now = new Date()
      const live = new Map(
        (await deps.repo.liveSessions(idHashes, now)).map((s) => [s.idHash, s] as const),
      )
      for (const idHash of idHashes) {
        const found = live.get(idHash)
        const entry = sessions.get(idHash)
        if (!entry) continue
        const endsAt = found
          ? Math.min(found.expiresAt.getTime(), deps.endsBy(found.createdAt).getTime())
          : 0
        if (endsAt <= now.getTime()) {
          end(idHash)
          continue
        }
        entry.endsAt = endsAt
        schedule(idHash, entry)
      }
    } catch (err) {
      deps.log?.('sessions of open subscriptions not checked', err)
    }
  }

  function startSweeping(): void {
    if (sweeper) return
    sweeper = setInterval(() => void recheck([...sessions.keys()]), options.recheckMs)
    sweeper.unref()
  }

  function stopSweeping(): void {
    clearInterval(sweeper)
    sweeper = undefined
  }

  function listen(): Promise<void> {
    listening ??= deps.bus
      ? deps.bus
          .subscribe(SESSION_ENDED_CHANNEL, (payload) => {
            if (typeof payload === 'string') end(payload)
            else if (isReplaced(payload)) handOver(payload)
          })
          .then(
            () => undefined,
            (err: unknown) => {
              // Without notifications, the timers and the periodic check still end them.
              listening = undefined
              deps.log?.('session ends not followed', err)
            },
          )
      : Promise.resolve()
    return listening
  }

  return {
    /**
     * Registers a subscription of `session`; `onEnd` is called once if the session ends while
     * it is open. Refused when the session holds its limit already. Call `release` when the
     * subscription closes.
     */
    async open(session: GuardedSession, onEnd: () => void): Promise<{ release: () => void }> {
      await listen()
      let entry = sessions.get(session.idHash)
      if (entry && entry.enders.size >= options.maxSubscriptionsPerSession) {
        throw new DomainError(
          'SUBSCRIPTION_LIMIT_REACHED',
          'Too many live pages are open for this session',
          { max: options.maxSubscriptionsPerSession },
        )
      }
      if (!entry) {
        entry = {
          idHash: session.idHash,
          endsAt: Math.min(session.expiresAt.getTime(), session.endsBy.getTime()),
          timer: undefined,
          enders: new Set(),
        }
        sessions.set(session.idHash, entry)
        schedule(session.idHash, entry)
        startSweeping()
      }
      const ender = () => onEnd()
      entry.enders.add(ender)
      // A session ended between reading it and listening is caught by looking once more.
      void recheck([session.idHash])
      const opened = entry
      return {
        release() {
          // the entry holding it now, which a replacement of the session may have changed
          let held = opened
          while (held.movedTo) held = held.movedTo
          if (!held.enders.delete(ender)) return
          if (held.enders.size === 0 && sessions.get(held.idHash) === held) {
            clearTimeout(held.timer)
            sessions.delete(held.idHash)
            if (sessions.size === 0) stopSweeping()
          }
        },
      }
    },

    /** How many subscriptions a session holds open here. */
    openCount: (idHash: string) => sessions.get(idHash)?.enders.size ?? 0,

    close(): void {
      stopSweeping()
      for (const entry of sessions.values()) clearTimeout(entry.timer)
      sessions.clear()
    },
  }
}

export type SessionGuard = ReturnType<typeof createSessionGuard>

function isReplaced(payload: unknown): payload is SessionReplaced {
  if (typeof payload !== 'object' || payload === null) return false
  const { ended, replacedBy } = payload as Partial<SessionReplaced>
  return typeof ended === 'string' && typeof replacedBy === 'string'
}
