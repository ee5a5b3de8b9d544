/**
 * The role matrix, enforced everywhere: every procedure of the app router and every HTTP route
 * that acts for a business is called by a member of each role (an owner, an admin where admins
 * may pay out and where they may not, a manager, an accountant) and is found allowed or refused
 * (ROLE_NOT_ALLOWED, 403) exactly as `can` in the domain package says. An allowed call may still
 * fail for its own reasons (the sweep sends no input beyond the business): only the role's
 * refusal counts. A procedure on a business must declare the permission it needs; any other
 * procedure is named below as not acting for a business.
 */
import { can, MEMBER_ROLES, type MemberRole, type Permission } from '@app/domain'
import { TRPCError } from '@trpc/server'
import { afterAll, describe, expect, it } from 'vitest'
import { appRouter } from '../src/trpc/app-router'
import { SESSION_COOKIE } from '../src/trpc/context'
import type { ProcedureMeta } from '../src/trpc/init'
import { appCode } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'

const t = await scenario({ business: 'approved', http: 'inject' })
afterAll(t.close)
const { env, app } = t
const { b: owner, businessId } = t.owner

/** Procedures that do not act for a business a member belongs to (their own rules apply). */
const NOT_BUSINESS = [
  'system.',
  'auth.',
  'account.',
  'businesses.list',
  'businesses.create',
  'operator.',
  'price.',
  'consent.',
  'device.',
  'terminal.',
  'refunds.',
  'shifts.x',
  'shifts.close',
  'demo.',
  'team.invitation',
  'team.accept',
  'passkeys.',
  'mail.',
  'mailbox.',
  'recovery.',
]

/** The HTTP routes that act for a business, with the permission each needs. */
const BUSINESS_ROUTES: Record<string, { method: 'GET' | 'POST'; permission: Permission }> = {
  '/api/businesses/:businessId/transactions.csv': { method: 'GET', permission: 'exports' },
  '/api/businesses/:businessId/device-images/:kind': {
    method: 'POST',
    permission: 'deviceSettings.manage',
  },
  '/api/businesses/:businessId/audit-log.csv': { method: 'GET', permission: 'auditLog.read' },
}

const routeExists = (route: string, method: 'GET' | 'POST') => app.hasRoute({ method, url: route })

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; meta?: ProcedureMeta } }
  >,
)

async function memberWith(role: Exclude<MemberRole, 'owner'>): Promise<TestBrowser> {
  const b = env.browser()
  const email = uniqueEmail(role)
  await b.caller.auth.signUp({ email, password: 'correct horse battery' })
  const { link } = await owner.caller.team.invite({ businessId, data: { email, role } })
  await b.caller.team.accept({ token: new URL(link).pathname.split('/').pop() ?? '' })
  return b
}

const members: Record<MemberRole, TestBrowser> = {
  owner,
  admin: await memberWith('admin'),
  manager: await memberWith('manager'),
  accountant: await memberWith('accountant'),
}

/** Calls a procedure by its path with only the business as input; the refusal's code, if any. */
async function call(b: TestBrowser, path: string): Promise<string | null> {
  let fn: unknown = b.caller
  for (const part of path.split('.')) fn = (fn as Record<string, unknown>)[part]
  const controller = new AbortController()
  try {
    const result: unknown = await (fn as (input: unknown) => Promise<unknown>)({ businessId })
    if (typeof result === 'object' && result !== null && Symbol.asyncIterator in result) {
      controller.abort()
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.()
    }
    return null
  } catch (err) {
    if (err instanceof TRPCError) return appCode(err)
    throw err
  }
}

async function callRoute(b: TestBrowser, route: string, method: 'GET' | 'POST') {
  const url = route.replace(':businessId', businessId).replace(':kind', 'logo')
  const res = await app.inject({
    method,
    url,
    headers: {
      cookie: `${SESSION_COOKIE}=${b.cookies.get(SESSION_COOKIE) ?? ''}`,
      'x-upload-source': 'test',
      'content-type': 'image/png',
    },
    ...(method === 'POST' ? { payload: Buffer.from('not an image') } : {}),
  })
  const body = res.body.startsWith('{') ? (JSON.parse(res.body) as { code?: string }) : {}
  return { status: res.statusCode, code: body.code ?? null }
}

describe('every procedure', () => {
  it('is a business procedure with its permission, or named as acting for no business', () => {
    const unnamed = procedures
      .filter(
        ([path, p]) => !p._def.meta?.permission && !NOT_BUSINESS.some((n) => path.startsWith(n)),
      )
      .map(([path]) => path)
    expect(unnamed).toEqual([])
    expect(procedures.filter(([, p]) => p._def.meta?.permission).length).toBeGreaterThan(80)
  })

  const sweeps: [string, MemberRole, boolean][] = [
    ['an owner', 'owner', false],
    ['an admin where admins may not pay out', 'admin', false],
    ['an admin where admins may pay out', 'admin', true],
    ['a manager', 'manager', false],
    ['an accountant', 'accountant', false],
  ]
  it.each(sweeps)('is allowed or refused to %s as the matrix says', async (_, role, payOut) => {
    await owner.caller.team.setAdminsMayPayOut({ businessId, allowed: payOut })
    const wrong: string[] = []
    for (const [path, p] of procedures) {
      const permission = p._def.meta?.permission
      if (!permission || p._def.type === 'subscription') continue
      const code = await call(members[role], path)
      const allowed = can(role, permission, { adminsMayPayOut: payOut })
      if (allowed && code === 'ROLE_NOT_ALLOWED') wrong.push(`${path}: refused`)
      if (!allowed && code !== 'ROLE_NOT_ALLOWED') wrong.push(`${path}: ${code ?? 'allowed'}`)
    }
    for (const [route, { method, permission }] of Object.entries(BUSINESS_ROUTES)) {
      if (!routeExists(route, method)) continue
      const { status, code } = await callRoute(members[role], route, method)
      const allowed = can(role, permission, { adminsMayPayOut: payOut })
      if (allowed && code === 'ROLE_NOT_ALLOWED') wrong.push(`${method} ${route}: refused`)
      if (!allowed && (status !== 403 || code !== 'ROLE_NOT_ALLOWED')) {
        wrong.push(`${method} ${route}: ${status} ${code ?? ''}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it.each(MEMBER_ROLES)(
    'streams are opened or refused to a %s as the matrix says',
    async (role) => {
      const wrong: string[] = []
      for (const [path, p] of procedures) {
        const permission = p._def.meta?.permission
        if (!permission || p._def.type !== 'subscription') continue
        const code = await call(members[role], path)
        const allowed = can(role, permission, { adminsMayPayOut: false })
        if (allowed === (code === 'ROLE_NOT_ALLOWED')) wrong.push(`${path}: ${code ?? 'allowed'}`)
      }
      expect(wrong).toEqual([])
    },
  )
})

describe('every business HTTP route', () => {
  it('is in the sweep', () => {
    const listed = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').split(' (')[0] ?? '')
      .filter((path) => path.includes(':businessId'))
    expect(listed.filter((path) => !(path in BUSINESS_ROUTES))).toEqual([])
    expect(listed.length).toBeGreaterThanOrEqual(2)
  })

  it('answers a stranger as for a business that does not exist', async () => {
    const stranger = env.browser()
    await stranger.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
    expect(await callRoute(stranger, Object.keys(BUSINESS_ROUTES)[0] ?? '', 'GET')).toMatchObject({
      status: 404,
    })
    expect(await call(stranger, 'sales.dashboard')).toBe('NOT_FOUND')
  })
})
