import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { FormFieldInput } from '../../contract/form-fields.ts'
import type { SignatureField } from '../../contract/signature-fields.ts'
import { fieldPlacementMachine } from '../../machines/field-placement/field-placement.machine.ts'
import {
  selectFieldError,
  selectPendingChange,
  selectPlacingFor,
  selectPlacingKind,
} from '../../machines/field-placement/field-placement.selectors.ts'
import type {
  FieldPlacementEvent,
  FieldsChange,
} from '../../machines/field-placement/field-placement.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const field = (y: number): SignatureField => ({
  documentId: 'doc-1',
  page: 0,
  x: 72,
  y,
  width: 300,
  height: 140,
})
const moved: FieldsChange = { signatureId: 'sig-2', documentSignatures: [field(300)] }
const text: FormFieldInput = {
  kind: 'text',
  documentId: 'doc-1',
  page: 0,
  x: 72,
  y: 500,
  width: 160,
  height: 24,
  required: true,
  everyPage: false,
}

function controlledMachine() {
  const save = controlledActor<void, FieldsChange>()
  return { save, machine: fieldPlacementMachine.provide({ actors: { saveFields: save.logic } }) }
}

describe('field placement machine (SPEC §2 request view, §3 Signer invite)', () => {
  it('walks every state and transition', async () => {
    const c = controlledMachine()
    const answers: Record<string, () => void> = {
      'xstate.done.actor.saveFields': () => c.save.resolve(),
      'xstate.error.actor.saveFields': () => c.save.reject(new Error('network.unreachable')),
    }
    const events = [
      { type: 'field.choose', signatureId: 'sig-1' },
      { type: 'field.choose', signatureId: 'sig-1', kind: 'initials', everyPage: true },
      { type: 'field.put', documentSignatures: [field(120)] },
      { type: 'field.put', documentSignatures: [], formFields: [text] },
      { type: 'field.cancel' },
      { type: 'field.change', change: moved },
      { type: 'field.dismiss' },
      ...Object.keys(answers).map((type) => ({ type })),
    ] as FieldPlacementEvent[]
    const coverage = await walk('field-placement', {
      machine: c.machine,
      events,
      exec: Object.fromEntries(Object.entries(answers).map(([type, answer]) => [type, answer])) as never,
      check: (s) => {
        expect(selectPlacingFor(s) !== undefined).toBe(s.matches('choosing'))
        expect(selectFieldError(s) !== undefined).toBe(s.matches('failed'))
      },
      states: {
        choosing: (s) => expect(selectPlacingFor(s)).toBe('sig-1'),
        'choosing.signature': (s) => expect(selectPlacingKind(s).kind).toBe('signature'),
        'choosing.formField': (s) =>
          expect(selectPlacingKind(s)).toEqual({ kind: 'initials', everyPage: true }),
        saving: (s) => expect(c.save.inputs.at(-1)).toEqual(s.context.change),
        failed: (s) => expect(selectPendingChange(s)).toBeDefined(),
        idle: (s) => expect(selectPendingChange(s)).toBeUndefined(),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })

  it('places the chosen signer’s field where the page was clicked, and stores it', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine).start()
    actor.send({ type: 'field.choose', signatureId: 'sig-1' })
    // Choosing another signer before clicking: the click places theirs.
    actor.send({ type: 'field.choose', signatureId: 'sig-2' })
    actor.send({ type: 'field.put', documentSignatures: [field(120)] })
    expect(c.save.inputs).toEqual([{ signatureId: 'sig-2', documentSignatures: [field(120)] }])
    // Changes while one is being stored wait for it; only the latest is stored next.
    actor.send({ type: 'field.change', change: { ...moved, documentSignatures: [field(200)] } })
    actor.send({ type: 'field.change', change: moved })
    expect(c.save.calls()).toBe(1)
    expect(selectPendingChange(actor.getSnapshot())).toEqual(moved)
    c.save.resolve()
    await flushMicrotasks()
    expect(c.save.inputs.at(-1)).toEqual(moved)
    expect(c.save.calls()).toBe(2)
    c.save.resolve()
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('places a field besides the signature of the chosen kind, initials on every page only', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine).start()
    actor.send({ type: 'field.choose', signatureId: 'sig-1', kind: 'text', everyPage: true })
    expect(selectPlacingKind(actor.getSnapshot())).toEqual({ kind: 'text', everyPage: false })
    actor.send({ type: 'field.choose', signatureId: 'sig-1', kind: 'initials', everyPage: true })
    expect(selectPlacingKind(actor.getSnapshot())).toEqual({ kind: 'initials', everyPage: true })
    // A click that brings no fields besides the signature places nothing while a form field is chosen.
    actor.send({ type: 'field.put', documentSignatures: [field(120)] })
    expect(c.save.calls()).toBe(0)
    const initials = { ...text, kind: 'initials' as const, everyPage: true }
    actor.send({ type: 'field.put', documentSignatures: [], formFields: [initials] })
    expect(c.save.inputs).toEqual([{ signatureId: 'sig-1', documentSignatures: [], formFields: [initials] }])
    expect(selectPlacingKind(actor.getSnapshot()).kind).toBe('signature')
    expect(selectPlacingFor(actor.getSnapshot())).toBeUndefined()
  })

  it('keeps a change that failed shown until it is dismissed or replaced', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine).start()
    actor.send({ type: 'field.change', change: moved })
    c.save.reject(new Error('signature_request.signer_not_open'))
    await flushMicrotasks()
    expect(selectPendingChange(actor.getSnapshot())).toEqual(moved)
    expect(selectFieldError(actor.getSnapshot())).toBeInstanceOf(Error)
    actor.send({ type: 'field.change', change: { ...moved, documentSignatures: [] } })
    expect(c.save.inputs.at(-1)).toEqual({ ...moved, documentSignatures: [] })
    expect(selectFieldError(actor.getSnapshot())).toBeUndefined()
  })
})
