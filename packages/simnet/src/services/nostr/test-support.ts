/** Persistence kept in memory for tests; `reload()` gives what a restart would read back. */
import type { Persistence } from '../../world/api'

export interface MemoryPersistence extends Persistence {
  saves: number
  reload(): MemoryPersistence
}

export function memoryPersistence(initial: Record<string, object> = {}): MemoryPersistence {
  const data: Record<string, object> = initial
  const store: MemoryPersistence = {
    saves: 0,
    section<T extends object>(name: string, init: () => T): T {
      data[name] ??= init()
      return data[name] as T
    },
    save() {
      store.saves++
    },
    journal() {
      store.saves++
    },
    reload() {
      return memoryPersistence(JSON.parse(JSON.stringify(data)) as Record<string, object>)
    },
  }
  return store
}
