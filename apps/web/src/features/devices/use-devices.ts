import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

/** How often the list is read again, so "never paired" turns into "online" on its own. */
const STATUS_REFRESH_MS = 10_000

export function useDevices(businessId: string) {
  const trpc = useTRPC()
  return useQuery({
    ...trpc.devices.list.queryOptions({ businessId }),
    refetchInterval: STATUS_REFRESH_MS,
  })
}

/** Every change to a device login refreshes the list. */
export function useDeviceMutations(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: trpc.devices.list.queryKey({ businessId }) })
  return {
    create: useMutation(trpc.devices.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.devices.update.mutationOptions({ onSuccess })),
    regenerate: useMutation(trpc.devices.regenerate.mutationOptions({ onSuccess })),
    signOut: useMutation(trpc.devices.signOut.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.devices.delete.mutationOptions({ onSuccess })),
  }
}
