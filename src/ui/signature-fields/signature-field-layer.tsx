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
import { checkedValue } from '../../../contract/form-fields.ts'
import {
  minSignatureFieldWidth,
  type PageBox,
  type SignatureField,
  signatureFieldSize,
} from '../../../contract/signature-fields.ts'
import type { PlacedKind } from '../../../machines/field-placement/field-placement.types.ts'
import { freePlace, moveUntilBlocked } from '../../../machines/field-placement/free-place.ts'
import { useKindLabel } from './kind-label.ts'
import styles from './signature-field-layer.module.css'

/** One field drawn over a page. */
export type ShownField = {
  /** Tells it from the page's other fields. */
  key: string
  /** The signature it belongs to. */
  signatureId: string
  /** Their signature, or a field besides it that they fill. */
  kind: PlacedKind
  /** For a field besides the signature: whether the signer must fill it, and the value given beforehand. */
  required?: boolean
  value?: string | undefined
  /** Who signs there, as the field says. */
  label: string
  field: SignatureField
  /**
   * placed: by the sender; suggested: by the app; own: the viewer's own, which they may move.
   */
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

/** Where a field besides the signature starts, by kind, in points. */
const formFieldSizes: Record<Exclude<PlacedKind, 'signature'>, Size> = {
  text: { width: 160, height: 22 },
  date: { width: 90, height: 22 },
  checkbox: { width: 20, height: 20 },
  initials: { width: 60, height: 30 },
  name: { width: 160, height: 22 },
  email: { width: 180, height: 22 },
  company: { width: 160, height: 22 },
}
/** The smallest a field besides the signature may be made (the API's least box). */
const minFormField: Size = { width: 20, height: 10 }

/**
 * Keeps a box on its page: inside the page, at least the smallest size; a signature field in the SPEC's
 * proportions, other fields in any.
 */
function clampField(field: SignatureField, page: Size, kind: PlacedKind = 'signature'): SignatureField {
  const signature = kind === 'signature'
  const width = signature
    ? Math.min(Math.max(field.width, minSignatureFieldWidth), page.width, page.height / ratio)
    : Math.min(Math.max(field.width, minFormField.width), page.width)
  const height = signature
    ? width * ratio
    : Math.min(Math.max(field.height, minFormField.height), page.height)
  return {
    ...field,
    width,
    height,
    x: Math.min(Math.max(field.x, 0), page.width - width),
    y: Math.min(Math.max(field.y, 0), page.height - height),
  }
}

/**
 * The field at `width` and `height` (a signature's height in proportion to its width), its top-left corner
 * where it was, kept on the page.
 */
function resizeField(
  field: SignatureField,
  size: Size,
  page: Size,
  kind: PlacedKind = 'signature',
): SignatureField {
  const top = field.y + field.height
  const sized = clampField(
    { ...field, ...size, height: kind === 'signature' ? size.width * ratio : size.height },
    page,
    kind,
  )
  return clampField({ ...sized, y: top - sized.height }, page, kind)
}

/** A field of `kind` in its size centred where the page was clicked, `at` in points from the bottom-left. */
function fieldAt(
  documentId: string,
  page: number,
  pageSize: Size,
  at: { x: number; y: number },
  kind: PlacedKind,
): SignatureField {
  const { width, height } = kind === 'signature' ? signatureFieldSize : formFieldSizes[kind]
  return clampField(
    { documentId, page, x: at.x - width / 2, y: at.y - height / 2, width, height },
    pageSize,
    kind,
  )
}

/**
 * The fields of one page, drawn over its image: signature fields (SPEC §9 300 x 140 proportions) and the
 * fields besides the signature (text, date, checkbox, initials, name, e-mail, company; any proportions). A
 * field the viewer may move follows the pointer or a finger, its corner handle resizes it, and from the
 * keyboard the arrow keys move it and Shift with the arrow keys resizes it (a signature keeps its
 * proportions; another field is made wider with Shift+Right, taller with Shift+Up); Delete removes a
 * removable one. `placingFor` names the signer whose field of `kind` a click (or Enter) on the page puts
 * there. Fields do not overlap, the app's suggestions included, which stay where they are (issue 39): a field
 * put or dropped onto another goes to the nearest free place (none: it stays where it was), and a keyboard
 * move stops at the field in its way.
 */
export function SignatureFieldLayer({
  documentId,
  page,
  pageSize,
  fields,
  keepClearOf,
  placingFor,
  onPut,
  onMove,
  onRemove,
}: {
  documentId: string
  page: number
  pageSize: Size
  fields: ShownField[]
  /** Boxes of the page not drawn here that no field may cover (fields to fill that the viewer does not edit). */
  keepClearOf: readonly PageBox[]
  /** The signer whose field of `kind` the next click places, while the sender is placing. */
  placingFor: { signatureId: string; label: string; kind: PlacedKind } | undefined
  onPut: (field: SignatureField) => void
  onMove: (shown: ShownField, field: SignatureField) => void
  onRemove: (shown: ShownField) => void
}) {
  const { t } = useLingui()
  const kindLabel = useKindLabel()
  const layer = useRef<HTMLDivElement>(null)
  const keysHelp = useId()
  const number = page + 1
  // The fields of the page but `except`, which a field must keep clear of.
  const othersBut = (except: (shown: ShownField) => boolean): PageBox[] => [
    ...fields.filter((shown) => !except(shown)).map((shown) => shown.field),
    ...keepClearOf,
  ]
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
    const { kind, signatureId } = placingFor
    // A signer's signature field on this document is replaced by the one put.
    const replaced = (shown: ShownField) =>
      kind === 'signature' && shown.kind === 'signature' && shown.signatureId === signatureId
    const free = freePlace(fieldAt(documentId, page, pageSize, at, kind), othersBut(replaced), pageSize)
    if (free !== undefined) onPut(free)
  }
  const placingKind = placingFor === undefined ? '' : kindLabel(placingFor.kind)

  return (
    <div ref={layer} className={styles.layer} data-placing={placing !== undefined}>
      <span id={keysHelp} hidden>
        {t`Arrow keys move it, Shift with the arrow keys resizes it, Delete removes it.`}
      </span>
      {placing !== undefined ? (
        <button
          type="button"
          className={styles.target}
          aria-label={
            placingFor?.kind === 'signature'
              ? t`Place the signature field of ${placing} on page ${number}`
              : t`Place the field “${placingKind}” of ${placing} on page ${number}`
          }
          onClick={put}
        />
      ) : null}
      {fields.map((shown) => (
        <FieldBox
          key={shown.key}
          shown={shown}
          pageSize={pageSize}
          keysHelp={keysHelp}
          others={othersBut((other) => other.key === shown.key)}
          pointsPerPixel={pointsPerPixel}
          onMove={(field) => onMove(shown, field)}
          onRemove={() => onRemove(shown)}
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
  const kindLabel = useKindLabel()
  const { kind } = shown
  // The box while it is being dragged or moved by keys; the stored one otherwise.
  const [moving, setMoving] = useState<SignatureField | null>(null)
  const drag = useRef<{ x: number; y: number; start: SignatureField; resize: boolean } | null>(null)
  // A keyboard move or resize waiting to be stored, and the timer that stores it once the keys rest.
  const keyed = useRef<{ timer: ReturnType<typeof setTimeout>; box: SignatureField } | null>(null)
  const latestMove = useRef(onMove)
  latestMove.current = onMove
  // Stores a keyboard change now: when the keys rest, the field loses focus, or the box goes away (the page's
  // overlay drawn anew, say), so no change made from the keyboard is lost.
  const storeKeyed = () => {
    const pending = keyed.current
    if (pending === null) return
    keyed.current = null
    clearTimeout(pending.timer)
    latestMove.current(pending.box)
    setMoving(null)
  }
  const storeKeyedRef = useRef(storeKeyed)
  storeKeyedRef.current = storeKeyed
  useEffect(() => () => storeKeyedRef.current(), [])
  // The image that has loaded: until then (or if it cannot be read) the field names the signer.
  const [loaded, setLoaded] = useState<string>()
  const field = moving ?? shown.field
  const label = shown.label
  const drawn = shown.image !== undefined && loaded === shown.image
  const kindName = kindLabel(kind)

  const begin = (event: PointerEvent<HTMLElement>, resize: boolean) => {
    if (!shown.movable || event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, start: field, resize }
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
        ? resizeField(start, { width: start.width + dx, height: start.height + dy }, pageSize, kind)
        : clampField({ ...start, x: start.x + dx, y: start.y - dy }, pageSize, kind),
    )
  }
  const end = () => {
    const from = drag.current
    if (from === null) return
    drag.current = null
    // Dropped onto another field: the nearest free place; with none, where it was.
    const dropped = moving === null ? undefined : freePlace(moving, others, pageSize)
    if (
      dropped !== undefined &&
      (dropped.x !== from.start.x ||
        dropped.y !== from.start.y ||
        dropped.width !== from.start.width ||
        dropped.height !== from.start.height)
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
    // From the box as last keyed, not as last drawn: keys may come faster than the screen is drawn.
    const from = keyed.current?.box ?? field
    const size =
      kind === 'signature'
        ? { width: from.width + (sx + sy) * keyStep, height: from.height }
        : { width: from.width + sx * keyStep, height: from.height + sy * keyStep }
    const next = moveUntilBlocked(
      from,
      event.shiftKey
        ? resizeField(from, size, pageSize, kind)
        : clampField({ ...from, x: from.x + sx * keyStep, y: from.y + sy * keyStep }, pageSize, kind),
      others,
    )
    setMoving(next)
    if (keyed.current !== null) clearTimeout(keyed.current.timer)
    keyed.current = { box: next, timer: setTimeout(() => storeKeyedRef.current(), keySettleMs) }
  }
  const value = shown.value ?? ''
  const shownValue = kind === 'checkbox' ? (value === checkedValue ? '✕' : '') : value

  return (
    <div
      className={styles.field}
      data-tone={shown.tone}
      data-kind={kind}
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
        onBlur={storeKeyed}
      >
        <span className="visually-hidden">
          {kind !== 'signature'
            ? shown.required
              ? t`Field “${kindName}” of ${label}, required`
              : t`Field “${kindName}” of ${label}, optional`
            : shown.tone === 'own'
              ? t`Your signature, ${label}`
              : t`Signature field of ${label}`}
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
        {kind !== 'signature' ? (
          <span className={styles.formValue} aria-hidden="true">
            {shownValue === '' && kind !== 'checkbox' ? kindName : shownValue}
            {shown.required ? ' *' : ''}
          </span>
        ) : drawn ? null : (
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
          aria-label={
            kind === 'signature'
              ? t`Remove the signature field of ${label}`
              : t`Remove the field “${kindName}” of ${label}`
          }
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  )
}
