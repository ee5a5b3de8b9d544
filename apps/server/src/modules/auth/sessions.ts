/**
 * Sessions: made at sign-in, found by the cookie's token, ended by sign-out or revocation, listed
 * on the Account page. A session ends when unused for a while (sliding) and in any case some
 * time after it began (absolute).
 */
import { DomainError } from '../../lib/errors'
import { isUuid } from '../../lib/ids'
import { hashToken, newToken } from '../../lib/secrets'
import type { KnownBrowserCookie } from './known-browsers'
import type { AuthRepo } from './repo'
import type { MemberBusiness, SessionOrigin, SessionUser } from './session-repo'
import { summariseUserAgent } from './user-agent'

const DAY_MS = 24 * 60 * 60 * 1000

/** How long sessions live. */
export interface SessionLifetime {
  /** unused this long, a session ends (each use moves its end forward) */
  idleMs: number
  /** a session ends this long after sign-in, however much it is used */
  absoluteMs: number
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 14 * DAY_MS,
  absoluteMs: 30 * DAY_MS,
}

/** A session's end slides forward at most this often, so reads don't write every request. */
const SESSION_TOUCH_MS = 5 * 60 * 1000
const USER_AGENT_MAX = 512

export interface NewSession {
  token: string
  /** when the browser may drop the cookie: the session's absolute end */
  expiresAt: Date
  /** at a sign-in: the known-browser cookie to set (`known-browsers.ts`) */
  knownBrowser?: KnownBrowserCookie
}

/** Where and how a sign-in request came. */
export interface ClientInfo {
  ip: string
  userAgent?: string | undefined
  /** the browser's known-browser cookie, when it has one */
  knownBrowser?: string | undefined
}

export function createSessions(repo: AuthRepo, given?: Partial<SessionLifetime>) {
  const lifetime = { ...DEFAULT_SESSION_LIFETIME, ...given }
  /** When a session begun at `createdAt` ends however much it is used. */
  const endsBy = (createdAt: Date) => new Date(createdAt.getTime() + lifetime.absoluteMs)

  /**
   * A session past its absolute end is ended; one in use keeps living until then: its end
   * slides, written at most once per touch period (with the address it is used from).
   */
  async function checkAndSlide(session: SessionUser, now: Date, ip?: string): Promise<boolean> {
    const absoluteEnd = endsBy(session.sessionCreatedAt).getTime()
    if (absoluteEnd <= now.getTime()) {
      await repo.deleteSession(session.sessionIdHash)
      return false
    }
    if (now.getTime() - session.lastSeenAt.getTime() <= SESSION_TOUCH_MS) return true
    const slid = new Date(Math.min(now.getTime() + lifetime.idleMs, absoluteEnd))
    await repo.touchSession(session.sessionIdHash, now, slid, ip)
    return true
  }

  /** A new session's token, the row to store, and when its cookie may go. */
  function fresh(client: ClientInfo) {
    const token = newToken()
    const now = Date.now()
    const absoluteEnd = new Date(now + lifetime.absoluteMs)
    const origin: SessionOrigin = {
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: client.ip || null,
    }
    return {
      session: { token, expiresAt: absoluteEnd } satisfies NewSession,
      row: {
        idHash: hashToken(token),
        expiresAt: new Date(Math.min(now + lifetime.idleMs, absoluteEnd.getTime())),
        origin,
      },
    }
  }

  async function start(userId: string, client: ClientInfo): Promise<NewSession> {
    const { session, row } = fresh(client)
    await repo.insertSession(row.idHash, userId, row.expiresAt, row.origin)
    return session
  }

  /**
   * Ends every session of the user and starts a fresh one for the browser that asked: its
   * subscriptions carry on under the new session; every other session's end.
   */
  async function replaceAll(
    user: { id: string; sessionIdHash: string },
    client: ClientInfo,
  ): Promise<NewSession> {
    const { session, row } = fresh(client)
    await repo.replaceUserSessions(user.id, user.sessionIdHash, row)
    return session
  }

  async function signOut(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await repo.deleteSession(hashToken(sessionToken))
  }

  /** The signed-in user for a cookie token, or null; slides the session's end. */
  async function resolve(
    sessionToken: string | undefined,
    ip?: string,
  ): Promise<SessionUser | null> {
    if (!sessionToken) return null
    const now = new Date()
    const user = await repo.findSessionUser(hashToken(sessionToken), now)
    if (!user) return null
    return (await checkAndSlide(user, now, ip)) ? user : null
  }

  /**
   * The signed-in user and the business they act on, with one query: `business` is null when
   * the user is not a member of it (or the id is malformed), which callers answer NOT_FOUND.
   */
  async function resolveInBusiness(
    sessionToken: string | undefined,
    businessId: string,
    ip?: string,
  ): Promise<{ user: SessionUser; business: MemberBusiness | null } | null> {
    if (!sessionToken) return null
    const now = new Date()
    const idHash = hashToken(sessionToken)
    const found = isUuid(businessId)
      ? await repo.findSessionUserInBusiness(idHash, now, businessId)
      : await repo.findSessionUser(idHash, now).then((u) => u && { ...u, business: null })
    if (!found) return null
    if (!(await checkAndSlide(found, now, ip))) return null
    const { business, ...user } = found
    return { user, business }
  }

  /** The user's live sessions for the Account page; `isCurrent` marks the asking one. */
  async function list(user: SessionUser) {
    const rows = await repo.listSessions(user.id, new Date())
    return rows.map((row) => ({
      id: row.id,
      isCurrent: row.idHash === user.sessionIdHash,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      ip: row.ip,
      ...summariseUserAgent(row.userAgent),
    }))
  }

  /** Signs out one other session of the user (this one signs out with `signOut`). */
  async function revoke(user: SessionUser, sessionId: string): Promise<void> {
    const ended =
      isUuid(sessionId) && (await repo.deleteSessionById(user.id, sessionId, user.sessionIdHash))
    if (!ended) throw new DomainError('NOT_FOUND', 'Session not found')
  }

  /** Signs out every session of the user but this one; how many ended. */
  const revokeOthers = (user: SessionUser) => repo.deleteOtherSessions(user.id, user.sessionIdHash)

  return {
    lifetime,
    endsBy,
    start,
    replaceAll,
    signOut,
    resolve,
    resolveInBusiness,
    list,
    revoke,
    revokeOthers,
  }
}

export type Sessions = ReturnType<typeof createSessions>
