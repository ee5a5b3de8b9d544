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

const asText = (lines: string[]) => (lines.length > 0 ? `${lines.join('\n')}\n` : '')
interface JournalLine {
  s: string
  p: Path
  v: object
}

/**
 * All sections live in one object written to `<dataDir>/world.json` through a temporary file
 * and a rename, so a crash never leaves half a file. Writes are coalesced: the gap between two
 * writes grows with their cost, keeping the write overhead around a twentieth of the CPU.
 *
 * Records that pile up (invoices, payments) go to the append-only `<dataDir>/journal.jsonl`
 * instead: a line when one is made and each time it changes, and only a `null` placeholder in
 * world.json, so a snapshot costs what the rest of the world costs, however many records there
 * are. Journal lines are appended before the snapshot that leaves them out, and a snapshot notes
 * how many lines it goes with: lines written after it (before a crash) are dropped on start, so
 * the world comes back exactly as that snapshot saw it.
 */
export function createPersistence(dataDir: string): ManagedPersistence {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'world.json')
  const journal = join(dataDir, 'journal.jsonl')
  let sections: Record<string, object> = {}
  let isFresh = false
  try {
    sections = JSON.parse(readFileSync(file, 'utf8')) as Record<string, object>
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    isFresh = true
  }
  const snapshotLines = (sections as { $journal?: unknown }).$journal
  delete (sections as { $journal?: unknown }).$journal

  const journaled = new WeakSet<object>()
  let pendingLines: string[] = []
  let journalLines = replayJournal(typeof snapshotLines === 'number' ? snapshotLines : 0)

  /** Puts the journal's records back in place, up to the snapshot's line; returns the lines kept. */
  function replayJournal(upTo: number): number {
    let text: string
    try {
      text = readFileSync(journal, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      return 0
    }
    const lines = text.split('\n').filter(Boolean)
    const kept: string[] = []
    for (const line of lines.slice(0, upTo)) {
      let entry: JournalLine
      try {
        entry = JSON.parse(line) as JournalLine
      } catch {
        continue
      }
      if (place(entry)) kept.push(line)
    }
    if (kept.length !== lines.length) {
      writeFileSync(journal, asText(kept))
    }
    return kept.length
  }

  function place({ s, p, v }: JournalLine): boolean {
    let parent: unknown = sections[s]
    for (const key of p.slice(0, -1)) {
      if (parent === null || typeof parent !== 'object') return false
      parent = (parent as Record<string | number, unknown>)[key]
    }
    const last = p.at(-1)
    if (parent === null || typeof parent !== 'object' || last === undefined) return false
    if (Array.isArray(parent) && (typeof last !== 'number' || last >= parent.length)) return false
    ;(parent as Record<string | number, unknown>)[last] = v
    journaled.add(v)
    return true
  }

  function snapshot(): string {
    return JSON.stringify(
      { ...sections, $journal: journalLines },
      (_key: string, value: unknown) =>
        value !== null && typeof value === 'object' && journaled.has(value) ? null : value,
    )
  }

  async function appendPending(): Promise<void> {
    const lines = pendingLines
    if (lines.length === 0) return
    pendingLines = []
    try {
      await appendFile(journal, asText(lines))
    } catch (err) {
      pendingLines = lines.concat(pendingLines)
      throw err
    }
    journalLines += lines.length
  }

  let timer: NodeJS.Timeout | null = null
  let writing: Promise<void> | null = null
  let isDirty = false
  let intervalMs = MIN_INTERVAL_MS
  let tmpCounter = 0

  async function writeNow(): Promise<void> {
    isDirty = false
    await appendPending()
    const tmp = `${file}.${process.pid}.${tmpCounter++}.tmp`
    const started = performance.now()
    const text = snapshot()
    const serialisedMs = performance.now() - started
    await writeFile(tmp, text)
    await rename(tmp, file)
    // Serialising is timed; writing the file costs about 5 ms of CPU per megabyte besides.
    const costMs = serialisedMs + (text.length / 1_000_000) * 5
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
    journal(section: string, path: Path, value: object) {
      journaled.add(value)
      pendingLines.push(JSON.stringify({ s: section, p: path, v: value } satisfies JournalLine))
      isDirty = true
      schedule()
    },
    async flush() {
      if (timer) clearTimeout(timer)
      timer = null
      if (writing) await writing
      if (pendingLines.length > 0) appendFileSync(journal, asText(pendingLines))
      journalLines += pendingLines.length
      pendingLines = []
      const tmp = `${file}.${process.pid}.final.tmp`
      writeFileSync(tmp, snapshot())
      renameSync(tmp, file)
      isDirty = false
    },
  }
}
