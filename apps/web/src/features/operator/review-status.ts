/** Review states an operator can filter applications by. */
export const REVIEW_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]

export function isReviewFilter(value: unknown): value is ReviewFilter {
  return (REVIEW_FILTERS as readonly unknown[]).includes(value)
}

/** The server's filter: a status, or none for every submitted application. */
export function statusInput(filter: ReviewFilter) {
  return filter === 'all' ? {} : { status: filter }
}
