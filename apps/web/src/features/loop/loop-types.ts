import type { inferOutput } from '@trpc/tanstack-react-query'
import type { Trpc } from '@/lib/trpc'

export type LoopOverview = inferOutput<Trpc['loop']['overview']>
export type LoopSwap = inferOutput<Trpc['loop']['swaps']>[number]
export type LoopQuote = inferOutput<Trpc['loop']['quote']>
