import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { directSignerDataKinds, type FormField } from '../../contract/form-fields.ts'
import { formFillingMachine } from '../../machines/form-filling/form-filling.machine.ts'
import { selectCanSign } from '../../machines/form-filling/form-filling.selectors.ts'
import type { FormFillingEvent } from '../../machines/form-filling/form-filling.types.ts'
import { formValues } from '../../machines/form-filling/form-values.ts'
import { walk } from './walk.ts'

const field = (id: string, kind: FormField['kind'], more: Partial<FormField> = {}): FormField => ({
  id,
  kind,
  documentId: 'd1',
  page: 0,
  x: 72,
  y: 72,
  width: 200,
  height: 20,
  required: true,
  value: null,
  filledBy: null,
  ...more,
})

const fields: FormField[] = [
  field('text', 'text'),
  field('date', 'date'),
  field('box', 'checkbox'),
  field('note', 'text', { required: false }),
  field('name', 'name'),
]

const start = (input: FormField[] = fields) =>
  createActor(formFillingMachine, { input: { fields: input } }).start()

describe('form-filling machine (issue 40 §4)', () => {
  it('walks every state and transition', async () => {
    const events: FormFillingEvent[] = [
      { type: 'field.change', fieldId: 'text', value: 'Acme' },
      { type: 'field.change', fieldId: 'text', value: '' },
      { type: 'field.change', fieldId: 'box', value: 'true' },
      { type: 'form.refused', field: 'signature_requests.0.form_values.0.value' },
      { type: 'form.refused', field: 'signature_requests.0.signing_name' },
      { type: 'fields.load', fields },
    ]
    const coverage = await walk('form-filling', {
      machine: formFillingMachine,
      input: { fields },
      events,
      check: (s) => expect(selectCanSign(s)).toBe(s.matches('complete')),
      states: {
        incomplete: (s) => expect(s.context.values.text === '' || s.context.values.box !== 'true').toBe(true),
        complete: (s) => expect(s.context.refusedFieldId).toBeNull(),
        refused: (s) => expect(s.context.refusedFieldId).toBe('text'),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })

  it('enables Sign once the required text and checkbox are filled; an empty date is the signing date', () => {
    const actor = start()
    expect(selectCanSign(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'field.change', fieldId: 'text', value: '  ' })
    actor.send({ type: 'field.change', fieldId: 'box', value: 'true' })
    expect(selectCanSign(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'field.change', fieldId: 'text', value: ' Acme ' })
    expect(selectCanSign(actor.getSnapshot())).toBe(true)
    // Sent trimmed, the empty date and the name (the server's) left out, the optional text sent empty.
    expect(formValues(actor.getSnapshot().context)).toEqual([
      { fieldId: 'text', value: 'Acme' },
      { fieldId: 'box', value: 'true' },
      { fieldId: 'note', value: '' },
    ])
    actor.send({ type: 'field.change', fieldId: 'box', value: '' })
    expect(selectCanSign(actor.getSnapshot())).toBe(false)
  })

  it('starts from the values the sender gave', () => {
    const actor = start([field('text', 'text', { value: 'Given', filledBy: 'sender' })])
    expect(selectCanSign(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.values).toEqual({ text: 'Given' })
  })

  it('keeps what the signer typed when the request loads again, and takes new fields', () => {
    const actor = start([])
    expect(selectCanSign(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'fields.load', fields })
    expect(selectCanSign(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'field.change', fieldId: 'text', value: 'Acme' })
    actor.send({ type: 'field.change', fieldId: 'box', value: 'true' })
    actor.send({ type: 'fields.load', fields })
    expect(actor.getSnapshot().context.values.text).toBe('Acme')
    expect(selectCanSign(actor.getSnapshot())).toBe(true)
  })

  it('holds the value the server refused until the signer changes that very field', () => {
    const actor = start()
    actor.send({ type: 'field.change', fieldId: 'text', value: 'Acme' })
    actor.send({ type: 'field.change', fieldId: 'box', value: 'true' })
    actor.send({ type: 'field.change', fieldId: 'date', value: '2026-11-29' })
    // The values sent were text, date, box, note: the third is the checkbox.
    actor.send({ type: 'form.refused', field: 'signature_requests.0.form_values.2.value' })
    expect(actor.getSnapshot().context.refusedFieldId).toBe('box')
    expect(selectCanSign(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'field.change', fieldId: 'text', value: 'Acme AG' })
    expect(selectCanSign(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'field.change', fieldId: 'box', value: 'true' })
    expect(selectCanSign(actor.getSnapshot())).toBe(true)
  })

  it('lets a direct-link signer type their company, from the sender’s value; an account’s is only shown', () => {
    const company = [field('company', 'company', { value: 'Given AG', filledBy: 'sender' })]
    const direct = createActor(formFillingMachine, {
      input: { fields: company, givenKinds: directSignerDataKinds },
    }).start()
    expect(direct.getSnapshot().context.values).toEqual({ company: 'Given AG' })
    direct.send({ type: 'field.change', fieldId: 'company', value: '' })
    expect(selectCanSign(direct.getSnapshot())).toBe(false)
    direct.send({ type: 'field.change', fieldId: 'company', value: ' Otto AG ' })
    expect(selectCanSign(direct.getSnapshot())).toBe(true)
    expect(formValues(direct.getSnapshot().context)).toEqual([{ fieldId: 'company', value: 'Otto AG' }])
    const account = start(company)
    expect(selectCanSign(account.getSnapshot())).toBe(true)
    expect(formValues(account.getSnapshot().context)).toEqual([])
  })
})
