type Listener = (...args: unknown[]) => void

/** A tiny synchronous event hub: listeners run inside emit, so a change reaches subscribers at once. */
export class Emitter<Events extends Record<string, unknown[]>> {
  private readonly listeners = new Map<keyof Events, Set<Listener>>()

  on<K extends keyof Events>(event: K, fn: (...args: Events[K]) => void): () => void {
    let set = this.listeners.get(event)
    if (!set) {
      set = new Set()
      this.listeners.set(event, set)
    }
    const entry = fn as unknown as Listener
    set.add(entry)
    return () => {
      set.delete(entry)
    }
  }

  /** For overloaded `on` implementations whose signatures were checked by the overloads. */
  onUntyped(event: keyof Events, fn: (...args: never[]) => void): () => void {
    return this.on(event, fn as unknown as (...args: Events[keyof Events]) => void)
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    const set = this.listeners.get(event)
    if (!set) return
    for (const fn of set.size === 1 ? set : [...set]) {
      try {
        fn(...args)
      } catch (err) {
        // One faulty subscriber must not break the world or the other subscribers.
        console.error(`simnet: ${String(event)} listener failed`, err)
      }
    }
  }
}
