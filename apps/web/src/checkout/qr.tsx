/** @jsxImportSource preact */
/** A QR code as one SVG path (uqr encodes; no canvas, no inline script, nothing fetched). */
import { encode } from 'uqr'

export function QrCode({ value, label }: { value: string; label: string }) {
  // M: a phone camera still reads it with a scratch or a glare
  const { data, size } = encode(value, { ecc: 'M', border: 2 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      class="qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
