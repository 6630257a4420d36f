import * as v from 'valibot'
import { type FieldDocument, type PageBox, pageBoxSchema } from './signature-fields.ts'

/**
 * What a field besides the signature asks of its signer: a text, a date (the signing date unless chosen),
 * a checkbox, their initials, or their name, e-mail or company (filled from their account or direct-link data).
 */
export const formFieldKinds = ['text', 'date', 'checkbox', 'initials', 'name', 'email', 'company'] as const

/** One of {@link formFieldKinds}. */
export type FormFieldKind = (typeof formFieldKinds)[number]

/** Kinds the server fills from who the signer is: nobody types them. */
export const signerDataKinds: readonly FormFieldKind[] = ['name', 'email', 'company']

/**
 * Kinds the server fills for a direct-link signer, who has no account and so no company: they type their
 * company themselves, starting from the sender's value if one was given.
 */
export const directSignerDataKinds: readonly FormFieldKind[] = ['name', 'email']

/** The longest value of each kind a person may type. */
export const formValueMaxLength = { text: 500, initials: 10, company: 200 } as const

/** A checkbox's value when ticked; anything else but `false` is refused. */
export const checkedValue = 'true'

/** Who gave a field's value: the sender (or API) beforehand, or the signer when signing. */
export const formValueSources = ['sender', 'signer'] as const

/** One of {@link formValueSources}. */
export type FormValueSource = (typeof formValueSources)[number]

/**
 * One field as `POST /v3/signature-requests` takes it, under the signer it belongs to: its kind, where it goes
 * (a box of `pageBoxSchema` on a document) and whether the signer must fill it, with a value given beforehand.
 * `every_page` asks for the same box on every page of the document (initials), one field per page. `id`, when
 * the signer's fields are placed again, is that of the stored field this one is (its id stays).
 */
export const formFieldInputSchema = v.pipe(
  v.object({
    id: v.optional(v.pipe(v.string(), v.uuid())),
    kind: v.picklist(formFieldKinds),
    documentId: v.pipe(v.string(), v.uuid()),
    ...pageBoxSchema.entries,
    required: v.optional(v.boolean(), true),
    value: v.optional(v.pipe(v.string(), v.maxLength(formValueMaxLength.text))),
    everyPage: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check(
      (field) => field.value === undefined || formValueProblem(field.kind, field.value) === undefined,
      'not a value of this kind of field',
    ),
    ['value'],
  ),
  v.forward(
    v.check(
      (field) => field.id === undefined || !field.everyPage,
      'a field on every page is one field per page, each with an id of its own',
    ),
    ['id'],
  ),
)

/** A field as the sender gives it. */
export type FormFieldInput = v.InferOutput<typeof formFieldInputSchema>

/** A field as answered, on its signer: its value once given, and by whom. */
export const formFieldSchema = v.object({
  id: v.string(),
  kind: v.picklist(formFieldKinds),
  documentId: v.string(),
  ...pageBoxSchema.entries,
  required: v.boolean(),
  value: v.nullable(v.string()),
  filledBy: v.nullable(v.picklist(formValueSources)),
})

/** A field of a signer. */
export type FormField = v.InferOutput<typeof formFieldSchema>

/** The signer's value of one of their fields, in a sign call. */
export const formValueSchema = v.object({
  fieldId: v.pipe(v.string(), v.uuid()),
  value: v.pipe(v.string(), v.maxLength(formValueMaxLength.text)),
})

/** A value the signer gives. */
export type FormValue = v.InferOutput<typeof formValueSchema>

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `value` is a date written YYYY-MM-DD that the calendar has. */
function isDate(value: string): boolean {
  const match = isoDate.exec(value)
  if (match === null) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * What is wrong with `value` for a field of `kind` (an empty value is no value), for a 400 and the signer's
 * form alike; undefined when it will do.
 */
export function formValueProblem(kind: FormFieldKind, value: string): string | undefined {
  // A company may be given: by the sender for a direct-link signer, or by that signer.
  if (directSignerDataKinds.includes(kind)) return `a ${kind} field is filled from the signer's own data`
  if (value === '') return undefined
  if (kind === 'date') return isDate(value) ? undefined : 'must be a date written YYYY-MM-DD'
  if (kind === 'checkbox')
    return value === checkedValue || value === 'false' ? undefined : 'must be true or false'
  const max =
    kind === 'initials'
      ? formValueMaxLength.initials
      : kind === 'company'
        ? formValueMaxLength.company
        : formValueMaxLength.text
  if (value.trim() !== value) return 'must not start or end with spaces'
  return value.length > max ? `must be at most ${max} characters` : undefined
}

/** Whether a field of `kind` holding `value` counts as filled: a ticked checkbox, any other kind not empty. */
export function isFilled(kind: FormFieldKind, value: string | null): boolean {
  if (value === null || value === '') return false
  return kind !== 'checkbox' || value === checkedValue
}

/**
 * The boxes a field takes on its document: its own, or with `everyPage` the same box on every page, moved
 * (and made smaller where a page is) so that it lies on each page however the pages differ in size.
 */
export function boxesOfField(
  { everyPage, page, x, y, width, height }: PageBox & { everyPage: boolean },
  document: Pick<FieldDocument, 'pageCount' | 'pageSizes'>,
): PageBox[] {
  if (!everyPage) return [{ page, x, y, width, height }]
  return Array.from({ length: document.pageCount }, (_, each) => {
    const size = document.pageSizes[each]
    if (size === undefined) return { page: each, x, y, width, height }
    const fitted = { width: Math.min(width, size.width), height: Math.min(height, size.height) }
    return {
      page: each,
      x: Math.max(Math.min(x, size.width - fitted.width), 0),
      y: Math.max(Math.min(y, size.height - fitted.height), 0),
      ...fitted,
    }
  })
}

/** A field's box on a document, named as a 400 names it (where the body gives it, or whose it is). */
export type NamedBox = PageBox & { documentId: string; name: string }

/** How far two boxes may run into each other (rounding of a drag or a resize) before they overlap. */
const overlapTolerance = 0.5

/**
 * The first of `given` that overlaps another of `given`, or one of `others` (fields already there), on the same
 * page of the same document, with the one it overlaps; undefined when every field stands apart. Fields of
 * `others` are not checked against each other: what is stored is not what the call asks.
 */
export function overlappingFields(
  given: readonly NamedBox[],
  others: readonly NamedBox[] = [],
): [NamedBox, NamedBox] | undefined {
  const byPage = new Map<string, NamedBox[]>()
  const pageOf = (box: NamedBox) => {
    const key = `${box.documentId}/${box.page}`
    let page = byPage.get(key)
    if (page === undefined) {
      page = []
      byPage.set(key, page)
    }
    return page
  }
  for (const box of others) pageOf(box).push(box)
  const overlap = (a: NamedBox, b: NamedBox) =>
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > overlapTolerance &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > overlapTolerance
  for (const box of given) {
    const page = pageOf(box)
    const other = page.find((placed) => overlap(box, placed))
    if (other !== undefined) return [box, other]
    page.push(box)
  }
  return undefined
}
