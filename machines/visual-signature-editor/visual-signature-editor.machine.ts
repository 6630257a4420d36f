import { assign, fromPromise, setup } from 'xstate'
import type { VisualSignaturePermissionKey } from '../../contract/user.ts'
import { type VisualSignature, visualSignaturePermissionFields } from '../../contract/visual-signatures.ts'
import { chosenStandard } from './chosen-standard.ts'
import { PREVIEW_DELAY_MS } from './visual-signature-editor.constants.ts'
import type {
  EditedSignature,
  EditorValues,
  PreviewInput,
  VisualSignatureEditorContext,
  VisualSignatureEditorEvent,
  VisualSignatureEditorInput,
} from './visual-signature-editor.types.ts'

type Flag = (typeof visualSignaturePermissionFields)[VisualSignaturePermissionKey]

/** The value of each governed flag: the stored one (or the default, for a new signature) unless it is fixed. */
function governedFlags(input: VisualSignatureEditorInput): Record<Flag, boolean> {
  const flags = {} as Record<Flag, boolean>
  for (const [key, field] of Object.entries(visualSignaturePermissionFields) as [
    VisualSignaturePermissionKey,
    Flag,
  ][]) {
    const { canUpdate, defaultValue } = input.permissions[key]
    flags[field] = canUpdate && input.signature ? input.signature[field] : defaultValue
  }
  return flags
}

/** The standard stored with the signature (qual, leg, prov), as a key of the held standards. */
function storedStandardKey(signature: VisualSignature | null): string {
  return signature?.quality === 'qes' ? `qes-${signature.legislation ?? ''}` : (signature?.quality ?? 'ses')
}

/** The error code a refused call carries, whatever shape it came in. */
function codeOf(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'server.error'
}

/** The image the signature takes: none for a typed one. */
const imageOf = (context: VisualSignatureEditorContext) =>
  context.values.kind !== 'typed' && context.image ? context.image : undefined

/** What the preview call draws: the fields and standard as a signed PDF would show them. */
function previewInput({ context }: { context: VisualSignatureEditorContext }): PreviewInput {
  const { values } = context
  const standard = chosenStandard(context)
  const image = imageOf(context)
  return {
    query: {
      name: values.name,
      opt: values.company,
      loc: values.location,
      lang: values.language,
      claim: values.displayClaim,
      std: values.displayStandards,
      date: values.displayDate,
      qr: values.displayQr,
      qual: standard?.qual,
      leg: standard?.leg,
      prov: standard?.prov,
    },
    ...(image ? { image } : {}),
  }
}

/** What saving hands on: the fields with the chosen standard, and the image if the kind takes one. */
function edited(context: VisualSignatureEditorContext): EditedSignature {
  const standard = chosenStandard(context)
  const image = imageOf(context)
  return {
    body: {
      ...context.values,
      quality: (standard?.qual ?? null) as EditedSignature['body']['quality'],
      legislation: (standard?.leg ?? null) as EditedSignature['body']['legislation'],
      provider: standard?.prov ?? null,
    },
    ...(image ? { image } : {}),
  }
}

const redraw = { target: '.previewDue', reenter: true } as const

/**
 * The edit signature overlay's editor (SPEC §2): every change of a field, the kind, the image or the standard
 * draws the preview anew once changes pause; a refused preview (an image that is not one) is shown and holds
 * saving back until the image or the kind changes. Saving without a name marks the name; otherwise the
 * editor hands the signature to its opener through the `submit` action, which the caller provides.
 */
export const visualSignatureEditorMachine = setup({
  types: {
    context: {} as VisualSignatureEditorContext,
    events: {} as VisualSignatureEditorEvent,
    input: {} as VisualSignatureEditorInput,
  },
  actors: {
    /** GET or POST /v1/user/preview-visual-signature: the preview's image. */
    renderPreview: fromPromise<Blob, PreviewInput>(() =>
      Promise.reject({ code: 'visual_signature.preview_not_provided' }),
    ),
  },
  actions: {
    // The opener's action; the caller provides it.
    submit: (_, _params: EditedSignature) => {},
    change: assign(({ context }, params: { change: Partial<EditorValues> }) => ({
      values: { ...context.values, ...params.change },
    })),
    chooseKind: assign(({ context }, params: { kind: EditorValues['kind'] }) => ({
      values: { ...context.values, kind: params.kind },
      image: null,
      previewError: null,
    })),
    chooseImage: assign((_, params: { image: Blob | null }) => ({ image: params.image })),
    chooseStandard: assign((_, params: { key: string }) => ({ standardKey: params.key })),
    loadStandards: assign((_, params: { standards: VisualSignatureEditorContext['standards'] }) => ({
      standards: params.standards,
    })),
    showPreview: assign((_, params: { preview: Blob }) => ({ preview: params.preview, previewError: null })),
    refusePreview: assign((_, params: { error: unknown }) => ({ previewError: codeOf(params.error) })),
    markNameMissing: assign({ nameMissing: true }),
    clearNameMissing: assign({ nameMissing: false }),
  },
  guards: {
    isNameBlank: ({ context }) => context.values.name.trim() === '',
    isPreviewRefused: ({ context }) => context.previewError !== null,
  },
  delays: {
    previewDelay: PREVIEW_DELAY_MS,
  },
}).createMachine({
  id: 'visualSignatureEditor',
  context: ({ input }) => ({
    values: {
      alias: input.signature?.alias ?? '',
      name: input.signature?.name ?? input.name,
      company: input.signature?.company ?? '',
      location: input.signature?.location ?? '',
      language: (input.signature?.language ?? 'en') as EditorValues['language'],
      kind: input.signature?.kind ?? 'typed',
      ...governedFlags(input),
      displayQr: input.signature?.displayQr ?? false,
      isDefault: input.signature?.isDefault ?? input.signature === null,
    },
    standardKey: storedStandardKey(input.signature),
    standards: input.standards,
    image: null,
    preview: null,
    previewError: null,
    nameMissing: false,
  }),
  initial: 'previewDue',
  on: {
    'editor.change': { ...redraw, actions: { type: 'change', params: ({ event }) => event } },
    'editor.chooseKind': { ...redraw, actions: { type: 'chooseKind', params: ({ event }) => event } },
    'editor.chooseImage': { ...redraw, actions: { type: 'chooseImage', params: ({ event }) => event } },
    'editor.chooseStandard': { ...redraw, actions: { type: 'chooseStandard', params: ({ event }) => event } },
    'editor.standardsLoaded': { ...redraw, actions: { type: 'loadStandards', params: ({ event }) => event } },
    'editor.save': [
      { guard: 'isNameBlank', actions: 'markNameMissing' },
      { guard: 'isPreviewRefused', actions: 'clearNameMissing' },
      { actions: ['clearNameMissing', { type: 'submit', params: ({ context }) => edited(context) }] },
    ],
  },
  states: {
    previewDue: {
      after: { previewDelay: 'previewing' },
    },
    previewing: {
      invoke: {
        id: 'renderPreview',
        src: 'renderPreview',
        input: previewInput,
        onDone: {
          target: 'previewShown',
          actions: { type: 'showPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'previewRefused',
          actions: { type: 'refusePreview', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    previewShown: {},
    previewRefused: {},
  },
})
