/** The audit log's CSV: the transactions export's rules (RFC 4180, formulas neutralised). */
import { AUDIT_CSV_HEADER } from '@app/domain'
import { csvLine, neutraliseFormula } from '../sales'
import type { AuditItem } from './service'

export { CSV_BOM } from '../sales'
export const auditCsvHeader = () => csvLine(AUDIT_CSV_HEADER)

export function auditCsvLine(e: AuditItem): string {
  return csvLine([
    e.id,
    e.at.toISOString(),
    e.actorKind,
    e.actorId ?? '',
    neutraliseFormula(e.actorName),
    e.action,
    e.subjectKind ?? '',
    e.subjectId ?? '',
    neutraliseFormula(e.subjectName ?? ''),
    neutraliseFormula(Object.keys(e.details).length ? JSON.stringify(e.details) : ''),
    e.ip ?? '',
    neutraliseFormula(e.userAgent ?? ''),
  ])
}
