import { IMAGE_MAX_BYTES, isErrorCode, type DeviceImageKind, type ErrorCode } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

export function useDeviceSettings(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.deviceSettings.get.queryOptions({ businessId }))
}

/** An upload the server (or the size check before it) refused, with the catalogue's code. */
export class UploadError extends Error {
  constructor(readonly code: ErrorCode | 'NETWORK') {
    super(code)
  }
}

/** Sends the file's bytes as they are; the server checks what they are, not the name. */
async function uploadImage(businessId: string, kind: DeviceImageKind, file: File): Promise<void> {
  if (file.size > IMAGE_MAX_BYTES) throw new UploadError('FILE_TOO_LARGE')
  if (file.size === 0) throw new UploadError('FILE_EMPTY')
  let res: Response
  try {
    res = await fetch(`/api/businesses/${businessId}/device-images/${kind}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/octet-stream', 'x-upload-source': 'web' },
      body: file,
    })
  } catch {
    throw new UploadError('NETWORK')
  }
  if (res.ok) return
  const body = (await res.json().catch(() => ({}))) as { code?: unknown }
  throw new UploadError(isErrorCode(body.code) ? body.code : 'INTERNAL')
}

export function useDeviceSettingsMutations(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: trpc.deviceSettings.get.queryKey({ businessId }) })
  return {
    update: useMutation(trpc.deviceSettings.update.mutationOptions({ onSuccess })),
    removeImage: useMutation(trpc.deviceSettings.removeImage.mutationOptions({ onSuccess })),
    upload: useMutation({
      mutationFn: ({ kind, file }: { kind: DeviceImageKind; file: File }) =>
        uploadImage(businessId, kind, file),
      onSuccess,
    }),
  }
}
