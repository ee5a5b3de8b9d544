import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Persistence } from './api'

export interface ManagedPersistence extends Persistence {
  /** True when world.json did not exist yet (a brand-new world). */
  readonly isFresh: boolean
  /** Writes pending changes now and stops the background writer. */
  flush(): Promise<void>
}

const MIN_INTERVAL_MS = 250

/**
 * All sections live in one object written to `<dataDir>/world.json` through a temporary file
 * and a rename, so a crash never leaves half a file. Writes are coalesced: the gap between two
 * writes grows with the cost of serialising, keeping the write overhead around a twentieth of the CPU.
 */
export function createPersistence(dataDir: string): ManagedPersistence {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'world.json')
  let sections: Record<string, object> = {}
  let isFresh = false
  try {
    sections = JSON.parse(readFileSync(file, 'utf8')) as Record<string, object>
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    isFresh = true
  }

  let timer: NodeJS.Timeout | null = null
  let writing: Promise<void> | null = null
  let isDirty = false
  let intervalMs = MIN_INTERVAL_MS
  let tmpCounter = 0

  async function writeNow(): Promise<void> {
    isDirty = false
    const started = performance.now()
    const tmp = `${file}.${process.pid}.${tmpCounter++}.tmp`
    const text = JSON.stringify(sections)
    const serialisedMs = performance.now() - started
    await writeFile(tmp, text)
    await rename(tmp, file)
    // Writing costs CPU beside serialising (copies, the file system): about as much per byte.
    const bytesMs = (text.length / 1_000_000) * 5
    intervalMs = Math.max(MIN_INTERVAL_MS, Math.round((serialisedMs + bytesMs) * 20))
  }

  function schedule(): void {
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      if (writing) {
        schedule()
        return
      }
      writing = writeNow()
        .catch((err: unknown) => console.error('simnet: could not write world.json', err))
        .finally(() => {
          writing = null
          if (isDirty) schedule()
        })
    }, intervalMs)
  }

  return {
    isFresh,
    section<T extends object>(name: string, init: () => T): T {
      const existing = sections[name]
      if (existing) return existing as T
      const created = init()
      sections[name] = created
      return created
    },
    save() {
      isDirty = true
      schedule()
    },
    async flush() {
      if (timer) clearTimeout(timer)
      timer = null
      if (writing) await writing
      const tmp = `${file}.${process.pid}.final.tmp`
      writeFileSync(tmp, JSON.stringify(sections))
      renameSync(tmp, file)
      isDirty = false
    },
  }
}
