import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { appendFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Persistence } from './api'

export interface ManagedPersistence extends Persistence {
  /** True when world.json did not exist yet (a brand-new world). */
  readonly isFresh: boolean
  /** Writes pending changes now and stops the background writer. */
  flush(): Promise<void>
}

const MIN_INTERVAL_MS = 250

type Path = (string | number)[]
interface SealedLine {
  s: string
  p: Path
  v: object
}

/**
 * All sections live in one object written to `<dataDir>/world.json` through a temporary file
 * and a rename, so a crash never leaves half a file. Writes are coalesced: the gap between two
 * writes grows with their cost, keeping the write overhead around a twentieth of the CPU.
 *
 * Records that will never change again (a settled invoice, a succeeded payment) are `seal`ed:
 * written once to the append-only `<dataDir>/sealed.jsonl`, and from then on only a `null`
 * placeholder in world.json, so a snapshot costs what the live part of the world costs, not
 * its whole history. Journal lines are appended before the snapshot that leaves them out.
 */
export function createPersistence(dataDir: string): ManagedPersistence {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'world.json')
  const journal = join(dataDir, 'sealed.jsonl')
  let sections: Record<string, object> = {}
  let isFresh = false
  try {
    sections = JSON.parse(readFileSync(file, 'utf8')) as Record<string, object>
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    isFresh = true
  }

  const sealed = new WeakSet<object>()
  let pendingLines: string[] = []
  replayJournal()

  /** Puts every sealed record back in its place; drops lines the snapshot has no place for. */
  function replayJournal(): void {
    let text: string
    try {
      text = readFileSync(journal, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      return
    }
    const kept: string[] = []
    for (const line of text.split('\n')) {
      if (!line) continue
      let entry: SealedLine
      try {
        entry = JSON.parse(line) as SealedLine
      } catch {
        continue // a line cut short by a crash
      }
      if (place(entry)) kept.push(line)
    }
    // Lines written just before a crash, for a world the snapshot never reached, go away so
    // that they cannot land in a different record later.
    if (isFresh || kept.length !== text.split('\n').filter(Boolean).length) {
      writeFileSync(journal, kept.length ? `${kept.join('\n')}\n` : '')
    }
  }

  function place({ s, p, v }: SealedLine): boolean {
    let parent: unknown = sections[s]
    for (const key of p.slice(0, -1)) {
      if (parent === null || typeof parent !== 'object') return false
      parent = (parent as Record<string | number, unknown>)[key]
    }
    const last = p.at(-1)
    if (parent === null || typeof parent !== 'object' || last === undefined) return false
    if (Array.isArray(parent) && (typeof last !== 'number' || last >= parent.length)) return false
    ;(parent as Record<string | number, unknown>)[last] = v
    sealed.add(v)
    return true
  }

  const leaveOutSealed = (_key: string, value: unknown) =>
    value !== null && typeof value === 'object' && sealed.has(value) ? null : value

  let timer: NodeJS.Timeout | null = null
  let writing: Promise<void> | null = null
  let isDirty = false
  let intervalMs = MIN_INTERVAL_MS
  let tmpCounter = 0

  async function writeNow(): Promise<void> {
    isDirty = false
    const started = performance.now()
    const lines = pendingLines
    pendingLines = []
    try {
      if (lines.length > 0) await appendFile(journal, `${lines.join('\n')}\n`)
    } catch (err) {
      pendingLines = lines.concat(pendingLines)
      throw err
    }
    const tmp = `${file}.${process.pid}.${tmpCounter++}.tmp`
    const text = JSON.stringify(sections, leaveOutSealed)
    await writeFile(tmp, text)
    await rename(tmp, file)
    // The serialising is timed here; writing costs about as much again per byte.
    const costMs = performance.now() - started + (text.length / 1_000_000) * 5
    intervalMs = Math.max(MIN_INTERVAL_MS, Math.round(costMs * 20))
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
    seal(section: string, path: Path, value: object) {
      if (sealed.has(value)) return
      sealed.add(value)
      pendingLines.push(JSON.stringify({ s: section, p: path, v: value } satisfies SealedLine))
      isDirty = true
      schedule()
    },
    async flush() {
      if (timer) clearTimeout(timer)
      timer = null
      if (writing) await writing
      if (pendingLines.length > 0) appendFileSync(journal, `${pendingLines.join('\n')}\n`)
      pendingLines = []
      const tmp = `${file}.${process.pid}.final.tmp`
      writeFileSync(tmp, JSON.stringify(sections, leaveOutSealed))
      renameSync(tmp, file)
      isDirty = false
    },
  }
}
