import { useLingui } from '@lingui/react/macro'
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import {
  minSignatureFieldWidth,
  type PageBox,
  type SignatureField,
  signatureFieldSize,
} from '../../../contract/signature-fields.ts'
import { freePlace, moveUntilBlocked } from '../../../machines/field-placement/free-place.ts'
import styles from './signature-field-layer.module.css'

/** One field drawn over a page. */
export type ShownField = {
  /** The signature it belongs to. */
  signatureId: string
  /** Who signs there, as the field says. */
  label: string
  field: SignatureField
  /** placed: by the sender; suggested: by the app; own: the viewer's own, which they may move. */
  tone: 'placed' | 'suggested' | 'own'
  /** The URL of what signing will draw there (the viewer's visual signature); the label shows until it loads. */
  image?: string
  /** Whether the viewer may move and resize it. */
  movable: boolean
  /** Whether the viewer may remove it (back to the app's suggestion). */
  removable: boolean
}

type Size = { width: number; height: number }

const ratio = signatureFieldSize.height / signatureFieldSize.width
const keyStep = 6
/** How long after the last arrow key a keyboard move is kept. */
const keySettleMs = 700

/** Keeps a box on its page: inside the page, at least the smallest width, in the SPEC's proportions. */
function clampField(field: SignatureField, page: Size): SignatureField {
  const width = Math.min(Math.max(field.width, minSignatureFieldWidth), page.width, page.height / ratio)
  const height = width * ratio
  return {
    ...field,
    width,
    height,
    x: Math.min(Math.max(field.x, 0), page.width - width),
    y: Math.min(Math.max(field.y, 0), page.height - height),
  }
}

/** The field at `width` (height in proportion), its top-left corner where it was, kept on the page. */
function resizeField(field: SignatureField, width: number, page: Size): SignatureField {
  const top = field.y + field.height
  return clampField({ ...field, width, height: width * ratio, y: top - width * ratio }, page)
}

/** A field in the SPEC's size centred where the page was clicked, `at` in points from the bottom-left. */
function fieldAt(
  documentId: string,
  page: number,
  pageSize: Size,
  at: { x: number; y: number },
): SignatureField {
  const { width, height } = signatureFieldSize
  return clampField({ documentId, page, x: at.x - width / 2, y: at.y - height / 2, width, height }, pageSize)
}

/**
 * The signature fields of one page, drawn over its image (SPEC §9 300 x 140 proportions): a field the
 * viewer may move follows the pointer or a finger, its corner handle resizes it, and from the keyboard the
 * arrow keys move it and Shift with the arrow keys resizes it; Delete removes a removable one.
 * `placingFor` names the signer whose field a click (or Enter) on the page puts there. Fields do not
 * overlap: a field put or dropped onto another goes to the nearest free place (none: it stays where it
 * was), and a keyboard move stops at the field in its way.
 */
export function SignatureFieldLayer({
  documentId,
  page,
  pageSize,
  fields,
  placingFor,
  onPut,
  onMove,
  onRemove,
}: {
  documentId: string
  page: number
  pageSize: Size
  fields: ShownField[]
  /** The signer whose field the next click places, while the sender is placing. */
  placingFor: { signatureId: string; label: string } | undefined
  onPut: (field: SignatureField) => void
  onMove: (signatureId: string, field: SignatureField) => void
  onRemove: (signatureId: string) => void
}) {
  const { t } = useLingui()
  const layer = useRef<HTMLDivElement>(null)
  const keysHelp = useId()
  const number = page + 1
  // The fields of the page but the signer's own, which a field must keep clear of.
  const othersThan = (signatureId: string): PageBox[] =>
    fields.filter((shown) => shown.signatureId !== signatureId).map((shown) => shown.field)
  // Points per CSS pixel, as the page is shown now.
  const pointsPerPixel = () =>
    pageSize.width / (layer.current?.getBoundingClientRect().width || pageSize.width)

  const placing = placingFor?.label
  const put = (event: MouseEvent<HTMLButtonElement>) => {
    const rect = layer.current?.getBoundingClientRect()
    // A click from the keyboard (detail 0) has no place: the field goes to the lower middle of the page.
    const at =
      rect === undefined || event.detail === 0
        ? { x: pageSize.width / 2, y: pageSize.height / 4 }
        : {
            x: ((event.clientX - rect.left) / rect.width) * pageSize.width,
            y: (1 - (event.clientY - rect.top) / rect.height) * pageSize.height,
          }
    if (placingFor === undefined) return
    const free = freePlace(
      fieldAt(documentId, page, pageSize, at),
      othersThan(placingFor.signatureId),
      pageSize,
    )
    if (free !== undefined) onPut(free)
  }

  return (
    <div ref={layer} className={styles.layer} data-placing={placing !== undefined}>
      <span id={keysHelp} hidden>
        {t`Arrow keys move it, Shift with the arrow keys resizes it, Delete removes it.`}
      </span>
      {placing !== undefined ? (
        <button
          type="button"
          className={styles.target}
          aria-label={t`Place the signature field of ${placing} on page ${number}`}
          onClick={put}
        />
      ) : null}
      {fields.map((shown) => (
        <FieldBox
          key={shown.signatureId}
          shown={shown}
          pageSize={pageSize}
          keysHelp={keysHelp}
          others={othersThan(shown.signatureId)}
          pointsPerPixel={pointsPerPixel}
          onMove={(field) => onMove(shown.signatureId, field)}
          onRemove={() => onRemove(shown.signatureId)}
        />
      ))}
    </div>
  )
}

function FieldBox({
  shown,
  pageSize,
  keysHelp,
  others,
  pointsPerPixel,
  onMove,
  onRemove,
}: {
  shown: ShownField
  /** The id of the text that says how to move a field from the keyboard. */
  keysHelp: string
  pageSize: Size
  /** The other fields of the page, which this one keeps clear of. */
  others: PageBox[]
  pointsPerPixel: () => number
  onMove: (field: SignatureField) => void
  onRemove: () => void
}) {
  const { t } = useLingui()
  // The box while it is being dragged or moved by keys; the stored one otherwise.
  const [moving, setMoving] = useState<SignatureField | null>(null)
  const drag = useRef<{ x: number; y: number; start: SignatureField; resize: boolean } | null>(null)
  const keyTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(keyTimer.current), [])
  // The image that has loaded: until then (or if it cannot be read) the field names the signer.
  const [loaded, setLoaded] = useState<string>()
  const field = moving ?? shown.field
  const label = shown.label
  const drawn = shown.image !== undefined && loaded === shown.image

  const begin = (event: PointerEvent<HTMLElement>, resize: boolean) => {
    if (!shown.movable || event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, start: shown.field, resize }
  }
  const follow = (event: PointerEvent<HTMLElement>) => {
    const from = drag.current
    if (from === null) return
    const scale = pointsPerPixel()
    const dx = (event.clientX - from.x) * scale
    const dy = (event.clientY - from.y) * scale
    const { start } = from
    // Resizing, the bottom-right corner follows the pointer; moving, the whole field does.
    setMoving(
      from.resize
        ? resizeField(start, start.width + dx, pageSize)
        : clampField({ ...start, x: start.x + dx, y: start.y - dy }, pageSize),
    )
  }
  const end = () => {
    if (drag.current === null) return
    drag.current = null
    // Dropped onto another field: the nearest free place; with none, where it was.
    const dropped = moving === null ? undefined : freePlace(moving, others, pageSize)
    if (
      dropped !== undefined &&
      (dropped.x !== shown.field.x || dropped.y !== shown.field.y || dropped.width !== shown.field.width)
    )
      onMove(dropped)
    setMoving(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if ((event.key === 'Delete' || event.key === 'Backspace') && shown.removable) {
      event.preventDefault()
      onRemove()
      return
    }
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    }
    const step = arrows[event.key]
    if (step === undefined || !shown.movable) return
    event.preventDefault()
    event.stopPropagation()
    const [sx, sy] = step
    const next = moveUntilBlocked(
      field,
      event.shiftKey
        ? resizeField(field, field.width + (sx + sy) * keyStep, pageSize)
        : clampField({ ...field, x: field.x + sx * keyStep, y: field.y + sy * keyStep }, pageSize),
      others,
    )
    setMoving(next)
    clearTimeout(keyTimer.current)
    keyTimer.current = setTimeout(() => {
      onMove(next)
      setMoving(null)
    }, keySettleMs)
  }

  return (
    <div
      className={styles.field}
      data-tone={shown.tone}
      data-movable={shown.movable}
      data-drawn={drawn}
      style={{
        left: `${(field.x / pageSize.width) * 100}%`,
        bottom: `${(field.y / pageSize.height) * 100}%`,
        width: `${(field.width / pageSize.width) * 100}%`,
        height: `${(field.height / pageSize.height) * 100}%`,
      }}
    >
      <button
        type="button"
        className={styles.body}
        aria-describedby={shown.movable ? keysHelp : undefined}
        onPointerDown={(event) => begin(event, false)}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (keyTimer.current === undefined || moving === null) return
          clearTimeout(keyTimer.current)
          onMove(moving)
          setMoving(null)
        }}
      >
        <span className="visually-hidden">
          {shown.tone === 'own' ? t`Your signature, ${label}` : t`Signature field of ${label}`}
        </span>
        {shown.image === undefined ? null : (
          <img
            className={styles.appearance}
            src={shown.image}
            alt=""
            draggable={false}
            onLoad={() => setLoaded(shown.image)}
          />
        )}
        {drawn ? null : (
          <>
            <span className={styles.name} aria-hidden="true">
              {label}
            </span>
            {/* The own field's name says it already. */}
            <span className={styles.hint} aria-hidden={shown.tone === 'own'}>
              {shown.tone === 'suggested'
                ? t`Suggested place`
                : shown.tone === 'own'
                  ? t`Your signature`
                  : t`Signs here`}
            </span>
          </>
        )}
      </button>
      {shown.movable ? (
        <span
          className={styles.handle}
          aria-hidden="true"
          onPointerDown={(event) => begin(event, true)}
          onPointerMove={follow}
          onPointerUp={end}
          onPointerCancel={end}
        />
      ) : null}
      {shown.removable ? (
        <button
          type="button"
          className={styles.remove}
          aria-label={t`Remove the signature field of ${label}`}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  )
}
