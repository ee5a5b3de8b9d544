import { lazy, type ComponentType } from 'react'

/** When the page has shown and the browser has nothing else to do (soon, in any case). */
function whenIdle(run: () => void) {
  const start = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: 3_000 })
    } else {
      setTimeout(run, 1_000)
    }
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

/**
 * A component whose code is not part of a page's first load: it is fetched once the page has
 * shown and the browser is idle, so that by the time it is needed it renders at once (it
 * suspends only when needed sooner). A failed fetch (offline) is tried again when it is needed.
 */
export function lazyAfterLoad<TProps extends object>(
  load: () => Promise<ComponentType<TProps>>,
): ComponentType<TProps> {
  let Loaded: ComponentType<TProps> | undefined
  let loading: Promise<ComponentType<TProps>> | undefined
  const get = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const Suspending = lazy(async () => ({ default: await get() }))
  if (typeof window !== 'undefined') whenIdle(() => void get().catch(() => undefined))

  function AfterLoad(props: TProps) {
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />
  }
  return AfterLoad
}
