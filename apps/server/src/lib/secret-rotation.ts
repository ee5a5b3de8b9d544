/**
 * Seals every stored value again under the current APP_SECRET, in the current format: run by
 * `npm run operator -- rotate-secret` while the old secret is given as APP_SECRET_PREVIOUS.
 * Safe beside running servers (which read both keys meanwhile): a row changed while it was
 * being sealed again is read once more.
 */
import type { SealedValuesRepo } from '../db/sealed-values-repo'
import { SEALED_COLUMNS } from '../db/sealed-values-repo'
import type { SecretBox } from './secrets'

export interface RotationReport {
  /** per `table.column`: values sealed again, and values that were already current */
  columns: Record<string, { resealed: number; unchanged: number }>
}

export async function resealAll(repo: SealedValuesRepo, box: SecretBox): Promise<RotationReport> {
  const report: RotationReport = { columns: {} }
  for (const c of SEALED_COLUMNS) {
    const counts = { resealed: 0, unchanged: 0 }
    report.columns[`${c.table}.${c.column}`] = counts
    let after = ''
    for (;;) {
      const rows = await repo.page(c, after, 200)
      if (rows.length === 0) break
      for (const row of rows) {
        const at = { table: c.table, column: c.column, id: row.id }
        let value: string | undefined = row.value
        let resealed = false
        for (let attempt = 0; value !== undefined && box.isStale(value) && attempt < 5; attempt++) {
          if (await repo.replace(c, { id: row.id, value }, box.reseal(value, at))) {
            resealed = true
            break
          }
          // Written again meanwhile (by a server, under the current key): read it once more.
          value = await repo.get(c, row.id)
        }
        if (resealed) counts.resealed++
        else counts.unchanged++
      }
      after = rows[rows.length - 1]?.id ?? after
    }
  }
  return report
}
