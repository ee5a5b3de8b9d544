/**
 * The answers the page arrived with (the server's boot-data.ts): put in the query cache before
 * the router starts, so the first screen's guards and loaders find them instead of asking.
 */
import { BOOT_DATA_ELEMENT_ID, type BootEntry } from '@app/domain'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import superjson from 'superjson'

interface KeyMaker {
  queryKey?: (input?: unknown) => QueryKey
  [part: string]: unknown
}

/** `trpc` is the options proxy: `trpc.auth.getProfile.queryKey()` for the path `auth.getProfile`. */
export function seedBootData(queryClient: QueryClient, trpc: unknown): number {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID)
  const text = element?.textContent
  element?.remove()
  if (!text) return 0
  let entries: BootEntry[]
  try {
    entries = superjson.parse<BootEntry[]>(text)
  } catch {
    return 0
  }
  let seeded = 0
  for (const { path, input, data } of entries) {
    let node = trpc as KeyMaker | undefined
    for (const part of path.split('.')) node = node?.[part] as KeyMaker | undefined
    const queryKey = node?.queryKey?.(input)
    if (!queryKey) continue
    queryClient.setQueryData(queryKey, data)
    seeded += 1
  }
  return seeded
}
