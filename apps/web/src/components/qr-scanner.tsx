import { AlertTriangle, ScanLine } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button, type ButtonProps } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import type * as QrDecoderModule from './qr-decoder'
import { canScanQr } from './qr-scanner-support'

type QrDecoder = typeof QrDecoderModule

export { canScanQr }

type Problem = 'denied' | 'noCamera' | 'failed'

/** How often a frame of the camera is read while no code has been found. */
const SCAN_INTERVAL_MS = 120

/**
 * Plays `stream` in `video` and reads a frame every SCAN_INTERVAL_MS until the decoder finds a
 * QR code, whose text goes to `onText` once; a decoder that fails (its WebAssembly did not load)
 * stops the camera and goes to `onError`. `stop` ends the camera.
 */
function scanVideo(
  stream: MediaStream,
  video: HTMLVideoElement,
  decoder: QrDecoder,
  on: { text: (text: string) => void; error: (error: unknown) => void },
): { stop: () => void } {
  let isStopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  const stop = () => {
    isStopped = true
    clearTimeout(timer)
    for (const track of stream.getTracks()) track.stop()
    video.srcObject = null
  }
  const next = () => {
    if (isStopped) return
    timer = setTimeout(() => {
      read().catch((error: unknown) => {
        if (isStopped) return
        stop()
        on.error(error)
      })
    }, SCAN_INTERVAL_MS)
  }
  const read = async () => {
    const { videoWidth: width, videoHeight: height } = video
    if (context && width > 0 && height > 0) {
      canvas.width = width
      canvas.height = height
      context.drawImage(video, 0, 0, width, height)
      const text = await decoder.readQrCode(context.getImageData(0, 0, width, height))
      if (isStopped) return
      if (text !== undefined) {
        stop()
        on.text(text)
        return
      }
    }
    next()
  }
  video.srcObject = stream
  video.play().then(next, () => {
    // a video that cannot play (the dialog closed first) has nothing to read
    if (!isStopped) next()
  })
  return { stop }
}

/** Stops the camera when what comes next fails, and fails on. */
const stopping =
  (stream: MediaStream) =>
  (error: unknown): never => {
    for (const track of stream.getTracks()) track.stop()
    throw error
  }

/** Why the camera did not start, in words the page can show. */
function cameraProblem(error: unknown): Problem {
  const name = error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera'
  return 'failed'
}

/**
 * A dialog that shows the camera and hands back the text of the first QR code it sees. The
 * decoder (`qr-decoder.ts`) is loaded only when the dialog opens, so it never weighs on a page's
 * first load.
 */
export function QrScanner({
  onResult,
  onClose,
  title,
}: {
  onResult: (text: string) => void
  onClose: () => void
  title?: string
}) {
  const { t } = useTranslation()
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  const [state, setState] = useState<'starting' | 'scanning' | Problem>('starting')

  useEffect(() => {
    if (!video) return
    let isDone = false
    let stop = () => {}
    const start = async () => {
      // the decoder loads while the browser asks for the camera (a failure is met below)
      const decoder = import('./qr-decoder')
      decoder.catch(() => undefined)
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      })
      const scanning = scanVideo(stream, video, await decoder.catch(stopping(stream)), {
        text: (text) => {
          if (isDone) return
          isDone = true
          onResult(text)
          onClose()
        },
        error: () => {
          if (!isDone) setState('failed')
        },
      })
      stop = scanning.stop
      if (isDone) stop()
      else setState('scanning')
    }
    start().catch((error: unknown) => {
      if (!isDone) setState(cameraProblem(error))
    })
    return () => {
      isDone = true
      stop()
    }
    // onResult/onClose are read once per opening: the camera starts once per video element
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video])

  const isProblem = state === 'denied' || state === 'noCamera' || state === 'failed'
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <DialogContent closeLabel={t('qrScanner.close')}>
        <DialogHeader>
          <DialogTitle>{title ?? t('qrScanner.title')}</DialogTitle>
          <DialogDescription>{t('qrScanner.description')}</DialogDescription>
        </DialogHeader>
        {isProblem ? (
          <Alert variant="warning" role="alert">
            <AlertTriangle aria-hidden />
            <AlertDescription>{t(`qrScanner.problem.${state}`)}</AlertDescription>
          </Alert>
        ) : (
          <div className="relative aspect-square w-full overflow-hidden rounded-lg bg-muted">
            <video
              ref={setVideo}
              muted
              playsInline
              aria-label={t('qrScanner.video')}
              className="size-full object-cover"
            />
            {state === 'starting' && (
              <div className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
                <span className="flex items-center gap-2">
                  <Spinner />
                  {t('qrScanner.starting')}
                </span>
              </div>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {isProblem ? t('qrScanner.typeInstead') : t('qrScanner.cancel')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * A button that opens the QR scanner, shown only where the browser can use a camera; the text of
 * the code goes to `onResult`.
 */
export function QrScanButton({
  onResult,
  label,
  title,
  ...props
}: {
  onResult: (text: string) => void
  label?: string
  title?: string
} & Omit<ButtonProps, 'onClick' | 'children' | 'title'>) {
  const { t } = useTranslation()
  const [isOpen, setIsOpen] = useState(false)
  const [isAvailable] = useState(canScanQr)
  if (!isAvailable) return null
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setIsOpen(true)} {...props}>
        <ScanLine aria-hidden />
        {label ?? t('qrScanner.scan')}
      </Button>
      {isOpen && <QrScanner title={title} onResult={onResult} onClose={() => setIsOpen(false)} />}
    </>
  )
}
