import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, SimulatedClock } from 'xstate'
import type { VisualSignature } from '../../contract/visual-signatures.ts'
import { PREVIEW_DELAY_MS } from '../../machines/visual-signature-editor/visual-signature-editor.constants.ts'
import { visualSignatureEditorMachine } from '../../machines/visual-signature-editor/visual-signature-editor.machine.ts'
import {
  selectNameMissing,
  selectPreviewError,
  selectStandard,
  selectValues,
} from '../../machines/visual-signature-editor/visual-signature-editor.selectors.ts'
import type {
  EditedSignature,
  PreviewInput,
  VisualSignatureEditorInput,
} from '../../machines/visual-signature-editor/visual-signature-editor.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const ses = { key: 'ses', qual: 'ses', label: 'SES' }
const zertes = { key: 'qes-zertes', qual: 'qes', leg: 'zertes', label: 'QES · ZERTES' }
const input: VisualSignatureEditorInput = {
  signature: null,
  name: 'Ada Lovelace',
  permissions: {
    claim: { canUpdate: true, defaultValue: true },
    date: { canUpdate: false, defaultValue: false },
    std: { canUpdate: true, defaultValue: true },
  },
  standards: [ses],
}
const stored: VisualSignature = {
  id: 'vs-1',
  alias: 'Work',
  name: 'Ada L.',
  company: 'Engines',
  location: 'London',
  language: 'en',
  kind: 'drawn',
  hasCustomImage: true,
  displayDate: true,
  displayClaim: false,
  displayStandards: true,
  displayQr: true,
  isDefault: false,
  quality: 'qes',
  legislation: 'zertes',
  provider: null,
  version: '1',
}
/** One step of the walk: xstate's own events (after, done, error) are not in the machine's event type. */
type Step = { actor: AnyActorRef; clock: SimulatedClock; event: { type: string } }

const picture = new Blob(['png'], { type: 'image/png' })

/** An editor whose preview calls the test settles, and whose saves land in `saved`. */
function editor(given: VisualSignatureEditorInput = input) {
  const preview = controlledActor<Blob, PreviewInput>()
  const saved: EditedSignature[] = []
  const clock = new SimulatedClock()
  const machine = visualSignatureEditorMachine.provide({
    actors: { renderPreview: preview.logic },
    actions: { submit: (_, edited) => saved.push(edited) },
  })
  const actor = createActor(machine, { input: given, clock }).start()
  return { actor, preview, saved, clock, machine }
}

describe('visual signature editor', () => {
  it('starts from the stored signature, a fixed flag at its default, and its standard once held', () => {
    const { actor } = editor({ ...input, signature: stored })
    const snapshot = actor.getSnapshot()
    expect(selectValues(snapshot)).toMatchObject({ name: 'Ada L.', kind: 'drawn', displayDate: false })
    expect(selectValues(snapshot).displayClaim).toBe(false)
    expect(selectStandard(snapshot)).toEqual(ses)
    actor.send({ type: 'editor.standardsLoaded', standards: [ses, zertes] })
    expect(selectStandard(actor.getSnapshot())).toEqual(zertes)
  })

  it('draws the preview once changes pause, with the fields and the image', async () => {
    const { actor, preview, clock } = editor()
    actor.send({ type: 'editor.change', change: { company: 'Engines' } })
    clock.increment(PREVIEW_DELAY_MS - 1)
    actor.send({ type: 'editor.chooseKind', kind: 'drawn' })
    actor.send({ type: 'editor.chooseImage', image: picture })
    clock.increment(PREVIEW_DELAY_MS - 1)
    expect(preview.calls()).toBe(0)
    clock.increment(1)
    expect(preview.inputs).toEqual([
      {
        query: expect.objectContaining({ name: 'Ada Lovelace', opt: 'Engines', qual: 'ses', date: false }),
        image: picture,
      },
    ])
    preview.resolve(picture)
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('previewShown')
  })

  it('holds saving back while the image is refused, and until a name is given', async () => {
    const { actor, preview, saved, clock } = editor()
    actor.send({ type: 'editor.chooseKind', kind: 'uploaded' })
    actor.send({ type: 'editor.chooseImage', image: picture })
    clock.increment(PREVIEW_DELAY_MS)
    preview.reject({ code: 'visual_signature.image_invalid' })
    await flushMicrotasks()
    expect(selectPreviewError(actor.getSnapshot())).toBe('visual_signature.image_invalid')
    actor.send({ type: 'editor.save' })
    expect(saved).toEqual([])

    actor.send({ type: 'editor.chooseKind', kind: 'typed' })
    actor.send({ type: 'editor.change', change: { name: '  ' } })
    actor.send({ type: 'editor.save' })
    expect(selectNameMissing(actor.getSnapshot())).toBe(true)
    expect(saved).toEqual([])

    actor.send({ type: 'editor.change', change: { name: 'Ada' } })
    actor.send({ type: 'editor.save' })
    expect(selectNameMissing(actor.getSnapshot())).toBe(false)
    expect(saved).toEqual([
      {
        body: expect.objectContaining({ name: 'Ada', kind: 'typed', quality: 'ses', legislation: null }),
      },
    ])
  })

  it('walks every state and transition', async () => {
    const preview = controlledActor<Blob, PreviewInput>()
    const saved: EditedSignature[] = []
    const machine = visualSignatureEditorMachine.provide({
      actors: { renderPreview: preview.logic },
      actions: { submit: (_, edited) => saved.push(edited) },
    })
    const samples = [
      { type: 'editor.change', change: { name: '' } },
      { type: 'editor.change', change: { name: 'Ada' } },
      { type: 'editor.chooseKind', kind: 'uploaded' },
      { type: 'editor.chooseImage', image: picture },
      { type: 'editor.chooseStandard', key: 'qes-zertes' },
      { type: 'editor.standardsLoaded', standards: [ses, zertes] },
      { type: 'editor.save' },
      { type: 'xstate.after.previewDelay.visualSignatureEditor.previewDue' },
      { type: 'xstate.done.actor.renderPreview', output: picture },
      { type: 'xstate.error.actor.renderPreview', error: { code: 'visual_signature.image_invalid' } },
    ]
    const coverage = await walk('visual-signature-editor', {
      machine,
      input,
      events: samples as never,
      // Told apart by what the screen shows; the fields' exact values do not change the graph.
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.values.name === '',
          s.context.previewError,
          s.context.nameMissing,
        ]),
      exec: {
        'xstate.after.previewDelay.visualSignatureEditor.previewDue': ({ clock }: Step) =>
          clock.increment(PREVIEW_DELAY_MS),
        'xstate.done.actor.renderPreview': () => preview.resolve(picture),
        'xstate.error.actor.renderPreview': () => preview.reject({ code: 'visual_signature.image_invalid' }),
        'editor.save': ({ actor, event }: Step) => {
          const before = saved.length
          actor.send(event)
          const snapshot = actor.getSnapshot()
          const blocked = snapshot.context.values.name === '' || snapshot.context.previewError !== null
          expect(saved.length - before).toBe(blocked ? 0 : 1)
        },
      } as never,
      states: {
        previewShown: (s) => {
          expect(s.context.preview).toBe(picture)
          expect(s.context.previewError).toBeNull()
        },
        previewRefused: (s) => expect(s.context.previewError).toBe('visual_signature.image_invalid'),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
