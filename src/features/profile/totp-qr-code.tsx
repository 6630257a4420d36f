import QRCode from 'qrcode'
import { useMemo } from 'react'

/** The QR code of an `otpauth://` URI, drawn as SVG (the page's CSP allows no data: images). */
export function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' })
    const dark: string[] = []
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) dark.push(`M${col + 4} ${row + 4}h1v1h-1z`)
    return { d: dark.join(''), size: modules.size + 8 }
  }, [uri])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  )
}
