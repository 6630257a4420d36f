import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { directSignerDataKinds, type FormField, type FormFieldInput } from '../../../contract/form-fields.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { fieldPlacementMachine } from '../../../machines/field-placement/field-placement.machine.ts'
import {
  selectFieldError,
  selectPendingChange,
  selectPlacingFor,
  selectPlacingKind,
} from '../../../machines/field-placement/field-placement.selectors.ts'
import type { FieldsChange, PlacedKind } from '../../../machines/field-placement/field-placement.types.ts'
import { inspect } from '../../lib/inspect.ts'
import { signerLabel } from '../request/signer-label.ts'
import { type ShownField, SignatureFieldLayer } from './signature-field-layer.tsx'

type Signature = SignatureRequestView['signatures'][number]

/** A signer's fields with the one on `field`'s document replaced (or, without `field`, taken away). */
function withField(fields: readonly SignatureField[], documentId: string, field?: SignatureField) {
  return [...fields.filter((f) => f.documentId !== documentId), ...(field ? [field] : [])]
}

/**
 * A stored field besides the signature as the sender gives it again: by its id, which stays, with its value
 * where one may be given.
 */
function asInput({
  id,
  kind,
  documentId,
  page,
  x,
  y,
  width,
  height,
  required,
  value,
}: FormField): FormFieldInput {
  return {
    id,
    kind,
    documentId,
    page,
    x,
    y,
    width,
    height,
    required,
    everyPage: false,
    ...(value === null || directSignerDataKinds.includes(kind) ? {} : { value }),
  }
}

/** What the request view needs of the signature fields. */
export type SignatureFields = {
  /** The fields over one page of the viewer. */
  pageOverlay: (document: DocumentInfo, page: number) => ReactNode
  /** The viewer's own fields as they sign with them (moved where they dragged them), if they sign. */
  ownFields: SignatureField[] | undefined
  /** The signer whose field the next click on a page places. */
  placingFor: Signature | undefined
  /** The kind of field the next click places, and for initials whether on every page. */
  placingKind: { kind: PlacedKind; everyPage: boolean }
  /** Whether the sender may place fields besides the signature (while the request is a draft or open). */
  formFieldsPlaceable: boolean
  /** Places a field of `kind` (a signature without) for a signer with the next click. */
  choose: (signatureId: string, kind?: PlacedKind, everyPage?: boolean) => void
  cancel: () => void
  /** A signer's fields besides the signature as the sender placed them (the change being stored, if any). */
  formFieldsOf: (signatureId: string) => FormFieldInput[]
  /** Stores a signer's fields besides the signature as the sender edited them. */
  changeFormFields: (signatureId: string, formFields: FormFieldInput[]) => void
  /** Why the last change of a field could not be stored. */
  error: unknown
  dismiss: () => void
}

/**
 * The fields of a request in the viewer: the signature fields of the signers still to sign, placed by the
 * sender or suggested by the app, and the fields besides the signature the sender placed for them. The sender
 * (`placeable` signatures, stored by `save` through the field placement machine) places, moves, resizes,
 * removes and edits them; a signer who may sign (`ownSignatureId`) moves their own signature field, which the
 * signing then uses, and sees in it `ownVisualSignatureImage` when they have one.
 */
export function useSignatureFields({
  request,
  ownSignatureId,
  canSign,
  ownVisualSignatureImage,
  placeable,
  save,
}: {
  /** The request, once loaded; or a template, its roles as the signers of a draft. */
  request: Pick<SignatureRequestView, 'statusOverall' | 'signatures'> | undefined
  ownSignatureId: string | undefined
  canSign: boolean
  /** The URL of the image signing draws in the viewer's own field (their visual signature), once loaded. */
  ownVisualSignatureImage?: string | undefined
  placeable: ReadonlySet<string>
  save: (change: FieldsChange) => Promise<void>
}): SignatureFields {
  // The latest `save`: the machine is made once per screen, the request it stores to may change.
  const latestSave = useRef(save)
  latestSave.current = save
  const placement = useActorRef(
    fieldPlacementMachine.provide({
      actors: { saveFields: fromPromise<void, FieldsChange>(({ input }) => latestSave.current(input)) },
    }),
    { inspect },
  )
  const placingFor = useSelector(placement, selectPlacingFor)
  const placingKind = useSelector(
    placement,
    selectPlacingKind,
    (a, b) => a.kind === b.kind && a.everyPage === b.everyPage,
  )
  const pending = useSelector(placement, selectPendingChange)
  const error = useSelector(placement, selectFieldError)
  // The signer's own fields where they moved them (a signature belongs to one request).
  const [moved, setMoved] = useState<{ signatureId: string; fields: SignatureField[] } | null>(null)

  // Escape, wherever the focus is, stops placing without placing anything.
  const placing = placingFor !== undefined
  useEffect(() => {
    if (!placing) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      placement.send({ type: 'field.cancel' })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [placing, placement])

  const signatures = request?.signatures ?? []
  const ended = request?.statusOverall !== 'DRAFT' && request?.statusOverall !== 'OPEN'
  // Fields besides the signature are placed, like signature fields, while the request is a draft or open, for
  // the signers still to sign (the machine's `signer.place`, which `placeable` holds): a request sent through
  // the API without fields gets them from the app. A signer with the page open sees them on loading it again.
  const editable = request?.statusOverall === 'DRAFT' || request?.statusOverall === 'OPEN'
  const open = ended ? [] : signatures.filter((s) => s.status === 'OPEN')
  // The viewer's signature, drawn with their visual signature; a sender who signs too places it as a sender.
  const signsHere = (s: Signature) => s.id === ownSignatureId && canSign
  const isOwn = (s: Signature) => signsHere(s) && !placeable.has(s.id)
  const pendingFor = (s: Signature) => (pending?.signatureId === s.id ? pending : undefined)
  // A change of a signer whose signature field is the app's suggestion stores none: the suggestion stays shown.
  const placesSignature = (s: Signature) =>
    pendingFor(s) !== undefined ? (pendingFor(s)?.documentSignatures.length ?? 0) > 0 : s.fieldsPlaced
  const fieldsOf = (s: Signature): SignatureField[] => {
    const change = pendingFor(s)
    if (change !== undefined && (change.documentSignatures.length > 0 || s.fieldsPlaced))
      return change.documentSignatures
    if (isOwn(s) && moved !== null && moved.signatureId === s.id) return moved.fields
    return s.documentSignatures
  }
  const drawsFormFields = (s: Signature) => editable && placeable.has(s.id) && !signsHere(s)
  const formFieldsOf = (s: Signature): FormFieldInput[] =>
    pendingFor(s)?.formFields ?? s.formFields.map(asInput)
  // The signature fields to store with a change: those the sender placed, none while the app suggests them.
  const placedOf = (s: Signature) => (placesSignature(s) ? fieldsOf(s) : [])
  const signer = (id: string | undefined) => signatures.find((s) => s.id === id)
  const change = (s: Signature, documentSignatures: SignatureField[], formFields = formFieldsOf(s)) =>
    placement.send({ type: 'field.change', change: { signatureId: s.id, documentSignatures, formFields } })

  const pageOverlay = (document: DocumentInfo, page: number) => {
    const here = (f: { documentId: string; page: number }) => f.documentId === document.id && f.page === page
    const shown: ShownField[] = open.flatMap((s) => [
      ...fieldsOf(s)
        .filter(here)
        .map((field) => ({
          key: s.id,
          signatureId: s.id,
          kind: 'signature' as const,
          label: signerLabel(s),
          field,
          tone: isOwn(s)
            ? ('own' as const)
            : placesSignature(s)
              ? ('placed' as const)
              : ('suggested' as const),
          ...(signsHere(s) && ownVisualSignatureImage !== undefined
            ? { image: ownVisualSignatureImage }
            : {}),
          movable: isOwn(s) || placeable.has(s.id),
          removable: placeable.has(s.id) && placesSignature(s),
        })),
      // The sender sees the fields besides the signature they place; a signer sees theirs in their form.
      ...(drawsFormFields(s) ? formFieldsOf(s) : []).flatMap((input, index) =>
        here(input)
          ? [
              {
                key: `${s.id}:${index}`,
                signatureId: s.id,
                kind: input.kind,
                required: input.required,
                value: input.value,
                label: signerLabel(s),
                field: {
                  documentId: input.documentId,
                  page: input.page,
                  x: input.x,
                  y: input.y,
                  width: input.width,
                  height: input.height,
                },
                tone: 'placed' as const,
                movable: true,
                removable: true,
              },
            ]
          : [],
      ),
    ])
    // Every other field to fill and every signature made on the page, which no field drawn here may cover (the
    // server refuses that).
    const keepClearOf = signatures.flatMap((s) => [
      ...(open.includes(s) && drawsFormFields(s) ? [] : s.formFields.filter(here)),
      ...(s.status === 'SIGNED' ? s.documentSignatures.filter(here) : []),
    ])
    const choosing = signer(placingFor)
    if (shown.length === 0 && choosing === undefined) return null
    const size = document.pageSizes[page] ?? { width: 595, height: 842 }
    // The form field a shown one stands for: its index among the signer's fields besides the signature.
    const formIndex = (shown: ShownField) => Number(shown.key.slice(shown.signatureId.length + 1))
    return (
      <SignatureFieldLayer
        documentId={document.id}
        page={page}
        pageSize={size}
        fields={shown}
        keepClearOf={keepClearOf}
        placingFor={
          choosing === undefined
            ? undefined
            : { signatureId: choosing.id, label: signerLabel(choosing), kind: placingKind.kind }
        }
        onPut={(field) => {
          if (choosing === undefined) return
          if (placingKind.kind === 'signature') {
            placement.send({
              type: 'field.put',
              documentSignatures: withField(fieldsOf(choosing), document.id, field),
            })
            return
          }
          const added: FormFieldInput = {
            kind: placingKind.kind,
            // On every page, the server fits the box to each page, however they differ in size.
            ...field,
            required: true,
            everyPage: placingKind.everyPage,
          }
          placement.send({
            type: 'field.put',
            documentSignatures: placedOf(choosing),
            formFields: [...formFieldsOf(choosing), added],
          })
        }}
        onMove={(shown, field) => {
          const s = signer(shown.signatureId)
          if (s === undefined) return
          if (shown.kind !== 'signature') {
            const index = formIndex(shown)
            change(
              s,
              placedOf(s),
              formFieldsOf(s).map((input, i) => (i === index ? { ...input, ...field } : input)),
            )
          } else if (isOwn(s))
            setMoved({ signatureId: s.id, fields: withField(fieldsOf(s), document.id, field) })
          else change(s, withField(fieldsOf(s), document.id, field))
        }}
        onRemove={(shown) => {
          const s = signer(shown.signatureId)
          if (s === undefined) return
          if (shown.kind !== 'signature') {
            const index = formIndex(shown)
            change(
              s,
              placedOf(s),
              formFieldsOf(s).filter((_, i) => i !== index),
            )
          } else change(s, withField(fieldsOf(s), document.id))
        }}
      />
    )
  }

  const own = signatures.find(isOwn)
  return {
    pageOverlay,
    ownFields: own === undefined ? undefined : fieldsOf(own),
    placingFor: signer(placingFor),
    placingKind,
    formFieldsPlaceable: editable,
    choose: (signatureId, kind, everyPage) =>
      placement.send({ type: 'field.choose', signatureId, kind, everyPage }),
    cancel: () => placement.send({ type: 'field.cancel' }),
    formFieldsOf: (signatureId) => {
      const s = signer(signatureId)
      return s === undefined ? [] : formFieldsOf(s)
    },
    changeFormFields: (signatureId, formFields) => {
      const s = signer(signatureId)
      if (s !== undefined) change(s, placedOf(s), formFields)
    },
    error,
    dismiss: () => placement.send({ type: 'field.dismiss' }),
  }
}
