import { assign, setup } from 'xstate'
import { type FormField, type FormFieldKind, isFilled, signerDataKinds } from '../../contract/form-fields.ts'
import type { FormFillingContext, FormFillingEvent, FormFillingInput } from './form-filling.types.ts'
import { fillableFields, refusedField } from './form-values.ts'

/** Each field's value as the signer starts from it: what they typed already, else the sender's, else empty. */
function startingValues(
  fields: readonly FormField[],
  given: readonly FormFieldKind[],
  typed: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    fillableFields(fields, given).map((field) => [field.id, typed[field.id] ?? field.value ?? '']),
  )
}

/**
 * The signer's fields besides the signature (issue 40 §4) while they read the request: Sign is enabled
 * (`complete`) once every required field they fill is filled, a date left empty being the signing date. A
 * value the sign call refused keeps the form `refused` until the signer changes that field.
 */
export const formFillingMachine = setup({
  types: {
    context: {} as FormFillingContext,
    input: {} as FormFillingInput,
    events: {} as FormFillingEvent,
  },
  guards: {
    hasRefusal: ({ context }) => context.refusedFieldId !== null,
    requiredFilled: ({ context }) =>
      fillableFields(context.fields, context.givenKinds).every(
        (field) =>
          !field.required ||
          field.kind === 'date' ||
          isFilled(field.kind, (context.values[field.id] ?? '').trim()),
      ),
    namesOwnValue: ({ context }, params: { field: string }) =>
      refusedField(context, params.field) !== undefined,
  },
  actions: {
    load: assign(({ context }, params: { fields: readonly FormField[] }) => ({
      fields: params.fields,
      values: startingValues(params.fields, context.givenKinds, context.values),
      refusedFieldId: null,
    })),
    change: assign({
      values: ({ context }, params: { fieldId: string; value: string }) => ({
        ...context.values,
        [params.fieldId]: params.value,
      }),
      refusedFieldId: ({ context }, params: { fieldId: string; value: string }) =>
        context.refusedFieldId === params.fieldId ? null : context.refusedFieldId,
    }),
    refuse: assign({
      refusedFieldId: ({ context }, params: { field: string }) => refusedField(context, params.field) ?? null,
    }),
  },
}).createMachine({
  id: 'formFilling',
  context: ({ input }) => ({
    fields: input.fields,
    givenKinds: input.givenKinds ?? signerDataKinds,
    values: startingValues(input.fields, input.givenKinds ?? signerDataKinds, {}),
    refusedFieldId: null,
  }),
  initial: 'checking',
  on: {
    'fields.load': {
      target: '.checking',
      actions: { type: 'load', params: ({ event }) => ({ fields: event.fields }) },
    },
    'field.change': {
      target: '.checking',
      actions: { type: 'change', params: ({ event }) => ({ fieldId: event.fieldId, value: event.value }) },
    },
  },
  states: {
    checking: {
      always: [
        { guard: 'hasRefusal', target: 'refused' },
        { guard: 'requiredFilled', target: 'complete' },
        { target: 'incomplete' },
      ],
    },
    incomplete: {},
    complete: {
      on: {
        'form.refused': {
          guard: { type: 'namesOwnValue', params: ({ event }) => ({ field: event.field }) },
          target: 'refused',
          actions: { type: 'refuse', params: ({ event }) => ({ field: event.field }) },
        },
      },
    },
    refused: {},
  },
})
