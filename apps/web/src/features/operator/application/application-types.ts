import type { inferOutput } from '@trpc/tanstack-react-query'
import type { Trpc } from '@/lib/trpc'

/** An application with its review, as the operator's page receives it. */
type ReviewedApplication = inferOutput<Trpc['operator']['application']>
export type Application = ReviewedApplication['application']
export type Company = NonNullable<Application['company']>
export type Directors = NonNullable<Application['director']>
export type Address = Company['address']
