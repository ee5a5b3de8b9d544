/**
 * The answers a first page asks for before it can show anything (who is signed in, the brand,
 * for a business's page its step and the businesses list, for a paired terminal who it is and
 * its look), put in the page itself: the browser has them when the app starts instead of one
 * round trip after its scripts have run. Each is the same procedure the app would call, with the
 * same caller; one that fails is left out (the app asks for it as usual).
 */
import { BOOT_DATA_ELEMENT_ID, type BootEntry } from '@app/domain'
import superjson from 'superjson'
import type { AppRouter } from './trpc/app-router'
import { createCallerFactory } from './trpc/init'
import type { Context } from './trpc/context'

const BUSINESS_PAGE = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/|$)/
const TERMINAL_PAGE = /^\/terminal(\/|$)/
const PAIRING_PAGE = /^\/terminal\/pair\/?$/

export function bootDataFor(router: AppRouter) {
  const createCaller = createCallerFactory(router)
  return async (ctx: Context, pathname: string): Promise<BootEntry[]> => {
    const caller = createCaller(ctx)
    const entries: BootEntry[] = []
    const take = async (path: string, input: unknown, call: () => Promise<unknown>) => {
      try {
        entries.push({ path, ...(input === undefined ? {} : { input }), data: await call() })
      } catch {
        // left to the app, which shows the failure as it would have
      }
    }
    const businessId = BUSINESS_PAGE.exec(pathname)?.[1]
    const isTerminal = TERMINAL_PAGE.test(pathname)
    await Promise.all([
      take('system.config', undefined, () => caller.system.config()),
      // pairing asks who this device is only once it has its credentials
      PAIRING_PAGE.test(pathname)
        ? undefined
        : isTerminal
          ? Promise.all([
              take('device.me', undefined, () => caller.device.me()),
              take('device.settings', undefined, () => caller.device.settings()),
            ])
          : take('auth.getProfile', undefined, async () => {
              const profile = await caller.auth.getProfile()
              if (profile && businessId) {
                await Promise.all([
                  take('businesses.onboardingStep', { businessId }, () =>
                    caller.businesses.onboardingStep({ businessId }),
                  ),
                  take('businesses.list', undefined, () => caller.businesses.list()),
                ])
              }
              return profile
            }),
    ])
    return entries
  }
}

/**
 * The answers as a data block for the page's head: JSON (superjson, as the API sends it) that a
 * name or any text in it cannot end early (`<` is escaped), never run as a script.
 */
export function bootDataScript(entries: BootEntry[]): string {
  const json = superjson
    .stringify(entries)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${json}</script>`
}
