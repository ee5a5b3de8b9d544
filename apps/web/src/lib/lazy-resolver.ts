import type { FieldValues, Resolver } from 'react-hook-form'

/**
 * A form resolver whose schema (and the schema library) loads when the page has shown, not with
 * it: the form is usable at once, and the first check waits for the load if it is not done yet.
 * `preload` starts the load early (call it once the page is on screen). A failed load (offline)
 * is tried again at the next check.
 */
export function lazyResolver<TValues extends FieldValues>(
  load: () => Promise<Resolver<TValues>>,
): { resolver: Resolver<TValues>; preload: () => void } {
  let loaded: Promise<Resolver<TValues>> | undefined
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  }
}
