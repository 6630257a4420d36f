import { Trans, useLingui } from '@lingui/react/macro'
import { type PointerEvent, useEffect, useRef } from 'react'
import { visualSignatureSize } from '../../../../contract/visual-signatures.ts'
import { Button } from '../../../ui/button/button.tsx'
import styles from './visual-signature.module.css'

const scale = 2

/**
 * A canvas to draw a signature on with a mouse, pen or finger (pointer events). Each finished stroke
 * hands the drawing on as a PNG; clearing hands on undefined.
 */
export function SignaturePad({ onChange }: { onChange: (image: Blob | undefined) => void }) {
  const { t } = useLingui()
  const canvas = useRef<HTMLCanvasElement>(null)
  const last = useRef<{ x: number; y: number } | null>(null)
  const drawn = useRef(false)

  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    context.lineWidth = 5
    context.lineCap = 'round'
    context.lineJoin = 'round'
    context.strokeStyle = '#17346f'
  }, [])

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return {
      x: ((event.clientX - box.left) / box.width) * event.currentTarget.width,
      y: ((event.clientY - box.top) / box.height) * event.currentTarget.height,
    }
  }
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    last.current = point(event)
  }
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current
    const context = event.currentTarget.getContext('2d')
    if (!from || !context) return
    const to = point(event)
    context.beginPath()
    context.moveTo(from.x, from.y)
    context.lineTo(to.x, to.y)
    context.stroke()
    last.current = to
    drawn.current = true
  }
  const up = () => {
    last.current = null
    if (drawn.current) canvas.current?.toBlob((blob) => onChange(blob ?? undefined), 'image/png')
  }
  const clear = () => {
    const element = canvas.current
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height)
    drawn.current = false
    onChange(undefined)
  }
  return (
    <div>
      <canvas
        ref={canvas}
        className={styles.pad}
        width={visualSignatureSize.width * scale}
        height={visualSignatureSize.height * scale}
        aria-label={t`Draw your signature here`}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <Button variant="secondary" onClick={clear}>
        <Trans>Clear drawing</Trans>
      </Button>
    </div>
  )
}
