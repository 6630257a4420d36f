import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { DocumentInfo } from '../../../contract/documents.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { fieldPlacementMachine } from '../../../machines/field-placement/field-placement.machine.ts'
import {
  selectFieldError,
  selectPendingChange,
  selectPlacingFor,
} from '../../../machines/field-placement/field-placement.selectors.ts'
import type { FieldsChange } from '../../../machines/field-placement/field-placement.types.ts'
import { inspect } from '../../lib/inspect.ts'
import { signerLabel } from '../request/signer-label.ts'
import { type ShownField, SignatureFieldLayer } from './signature-field-layer.tsx'

type Signature = SignatureRequestView['signatures'][number]

/** A signer's fields with the one on `field`'s document replaced (or, without `field`, taken away). */
function withField(fields: readonly SignatureField[], documentId: string, field?: SignatureField) {
  return [...fields.filter((f) => f.documentId !== documentId), ...(field ? [field] : [])]
}

/** What the request view needs of the signature fields. */
export type SignatureFields = {
  /** The fields over one page of the viewer. */
  pageOverlay: (document: DocumentInfo, page: number) => ReactNode
  /** The viewer's own fields as they sign with them (moved where they dragged them), if they sign. */
  ownFields: SignatureField[] | undefined
  /** The signer whose field the next click on a page places. */
  placingFor: Signature | undefined
  choose: (signatureId: string) => void
  cancel: () => void
  /** Why the last change of a field could not be stored. */
  error: unknown
  dismiss: () => void
}

/**
 * The signature fields of a request in the viewer: those of the signers still to sign, placed by the sender
 * or suggested by the app. The sender (`placeable` signatures, stored by `save` through the field
 * placement machine) places, moves, resizes and removes them; a signer who may sign (`ownSignatureId`)
 * moves their own, which the signing then uses, and sees in it `ownVisualSignatureImage` when they have one.
 */
export function useSignatureFields({
  request,
  ownSignatureId,
  canSign,
  ownVisualSignatureImage,
  placeable,
  save,
}: {
  /** The request, once loaded. */
  request: SignatureRequestView | undefined
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
  const open = ended ? [] : signatures.filter((s) => s.status === 'OPEN')
  // The viewer's signature, drawn with their visual signature; a sender who signs too places it as a sender.
  const signsHere = (s: Signature) => s.id === ownSignatureId && canSign
  const isOwn = (s: Signature) => signsHere(s) && !placeable.has(s.id)
  const fieldsOf = (s: Signature): SignatureField[] => {
    if (pending?.signatureId === s.id) return pending.documentSignatures
    if (isOwn(s) && moved !== null && moved.signatureId === s.id) return moved.fields
    return s.documentSignatures
  }
  const signer = (id: string | undefined) => signatures.find((s) => s.id === id)

  const pageOverlay = (document: DocumentInfo, page: number) => {
    const shown: ShownField[] = open.flatMap((s) =>
      fieldsOf(s)
        .filter((f) => f.documentId === document.id && f.page === page)
        .map((field) => ({
          signatureId: s.id,
          label: signerLabel(s),
          field,
          tone: isOwn(s)
            ? ('own' as const)
            : s.fieldsPlaced || pending?.signatureId === s.id
              ? ('placed' as const)
              : ('suggested' as const),
          ...(signsHere(s) && ownVisualSignatureImage !== undefined
            ? { image: ownVisualSignatureImage }
            : {}),
          movable: isOwn(s) || placeable.has(s.id),
          removable: placeable.has(s.id) && s.fieldsPlaced,
        })),
    )
    const choosing = signer(placingFor)
    if (shown.length === 0 && choosing === undefined) return null
    const size = document.pageSizes[page] ?? { width: 595, height: 842 }
    return (
      <SignatureFieldLayer
        documentId={document.id}
        page={page}
        pageSize={size}
        fields={shown}
        placingFor={
          choosing === undefined ? undefined : { signatureId: choosing.id, label: signerLabel(choosing) }
        }
        onPut={(field) => {
          if (choosing === undefined) return
          placement.send({
            type: 'field.put',
            documentSignatures: withField(fieldsOf(choosing), document.id, field),
          })
        }}
        onMove={(signatureId, field) => {
          const s = signer(signatureId)
          if (s === undefined) return
          if (isOwn(s)) setMoved({ signatureId: s.id, fields: withField(fieldsOf(s), document.id, field) })
          else
            placement.send({
              type: 'field.change',
              change: { signatureId, documentSignatures: withField(fieldsOf(s), document.id, field) },
            })
        }}
        onRemove={(signatureId) => {
          const s = signer(signatureId)
          if (s === undefined) return
          placement.send({
            type: 'field.change',
            change: { signatureId, documentSignatures: withField(fieldsOf(s), document.id) },
          })
        }}
      />
    )
  }

  const own = signatures.find(isOwn)
  return {
    pageOverlay,
    ownFields: own === undefined ? undefined : fieldsOf(own),
    placingFor: signer(placingFor),
    choose: (signatureId) => placement.send({ type: 'field.choose', signatureId }),
    cancel: () => placement.send({ type: 'field.cancel' }),
    error,
    dismiss: () => placement.send({ type: 'field.dismiss' }),
  }
}
