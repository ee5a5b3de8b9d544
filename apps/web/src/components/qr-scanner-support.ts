/**
 * Whether this browser can ask for a camera at all (it still may have none, or refuse). Apart
 * from the scanner dialog so a page can offer a scan without loading the dialog.
 */
export function canScanQr(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof window !== 'undefined' &&
    window.isSecureContext
  )
}
