/** The public face of sales: its service, and the CSV rules the audit log's export shares. */
export type { SalesService } from './service'
export { CSV_BOM, csvLine, neutraliseFormula } from './csv'
