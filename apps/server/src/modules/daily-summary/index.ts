/** What other modules may use of the daily sales summary: its service. */
export type { DailySummaryService } from './service'
