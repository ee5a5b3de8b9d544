import type { QueryClient } from '@tanstack/react-query'
import type { Profile, Trpc } from './trpc'

/**
 * When the signed-in user changes (sign-in, sign-out): drop every cached answer that belonged
 * to the previous one, keep the platform's configuration, and record the new profile.
 */
export function replaceSession(queryClient: QueryClient, trpc: Trpc, profile: Profile | null) {
  const configKey = trpc.system.config.queryKey()
  const config = queryClient.getQueryData(configKey)
  queryClient.clear()
  if (config) queryClient.setQueryData(configKey, config)
  queryClient.setQueryData(trpc.auth.getProfile.queryKey(), profile)
}
