import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

/** Tags read by terminals arrive while the page is open; the list is read again now and then. */
const REFRESH_MS = 15_000

export function useStaff(businessId: string) {
  const trpc = useTRPC()
  return useQuery({ ...trpc.staff.list.queryOptions({ businessId }), refetchInterval: REFRESH_MS })
}

/** Staff locked after wrong PINs at a terminal (read again now and then, as the list is). */
export function useLockedStaff(businessId: string) {
  const trpc = useTRPC()
  return useQuery({
    ...trpc.staff.locked.queryOptions({ businessId }),
    refetchInterval: REFRESH_MS,
  })
}

export function useStaffMutations(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.staff.list.queryKey({ businessId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.staff.locked.queryKey({ businessId }) }),
    ])
  return {
    create: useMutation(trpc.staff.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.staff.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.staff.delete.mutationOptions({ onSuccess })),
    addTag: useMutation(trpc.staff.addTag.mutationOptions({ onSuccess })),
    removeTag: useMutation(trpc.staff.removeTag.mutationOptions({ onSuccess })),
    dismissTag: useMutation(trpc.staff.dismissTag.mutationOptions({ onSuccess })),
    unlock: useMutation(trpc.staff.unlock.mutationOptions({ onSuccess })),
  }
}
