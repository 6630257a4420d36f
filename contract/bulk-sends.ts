import * as v from 'valibot'
import { type FormFieldKind, formValueMaxLength, formValueProblem, signerDataKinds } from './form-fields.ts'
import type { StartFromTemplate, TemplateView } from './templates.ts'

/** Bounds of one bulk send (issue 41 §2): its file, its rows and each cell. */
export const bulkSendLimits = {
  /** Largest CSV or XLSX file, in bytes. */
  fileBytes: 5 * 1024 * 1024,
  /** What an XLSX (a zip) may decompress to, in bytes, all its parts together. */
  unzippedBytes: 50 * 1024 * 1024,
  /** Most rows of requests in one bulk send, the header not counted. */
  rows: 5000,
  /** Longest cell, in characters. */
  cellLength: formValueMaxLength.text,
  /** Most columns. */
  columns: 500,
} as const

/** What one column of a bulk send's file holds: a role's e-mail or name, a field's value, or the language. */
export type BulkColumn =
  | { header: string; kind: 'email' | 'name'; role: string }
  | { header: string; kind: 'field'; role: string; fieldId: string; fieldKind: FormFieldKind }
  | { header: string; kind: 'language' }

/** The header of the optional language column. */
export const languageColumn = 'language'

/**
 * The columns a template's bulk send takes, in order: per role `<role> email` (required) and `<role> name`, then
 * per field a sender may fill `<role> <kind> <n>` (`Employee date 1`), then `language`. Headers match in any case.
 */
export function bulkColumnsOf(template: Pick<TemplateView, 'roles'>): BulkColumn[] {
  const columns: BulkColumn[] = []
  for (const role of template.roles) {
    columns.push({ header: `${role.name} email`, kind: 'email', role: role.name })
    columns.push({ header: `${role.name} name`, kind: 'name', role: role.name })
  }
  for (const role of template.roles) {
    const counts = new Map<FormFieldKind, number>()
    for (const field of role.formFields) {
      if (signerDataKinds.includes(field.kind)) continue
      const n = (counts.get(field.kind) ?? 0) + 1
      counts.set(field.kind, n)
      columns.push({
        header: `${role.name} ${field.kind} ${n}`,
        kind: 'field',
        role: role.name,
        fieldId: field.id,
        fieldKind: field.kind,
      })
    }
  }
  columns.push({ header: languageColumn, kind: 'language' })
  return columns
}

/** Why a cell of a row is refused; the app says each in words. */
export const bulkRowProblems = [
  /** A role's e-mail is missing. */
  'required',
  /** Not an e-mail address. */
  'email',
  /** The same address for two roles of the row. */
  'email_twice',
  /** Longer than the column takes. */
  'too_long',
  /** Not a date written YYYY-MM-DD. */
  'date',
  /** Not true or false. */
  'checkbox',
  /** Starts or ends with spaces. */
  'spaces',
  /** Not en-gb, de-ch, fr-ch or it. */
  'language',
] as const

/** One of {@link bulkRowProblems}. */
export type BulkRowProblem = (typeof bulkRowProblems)[number]

/** One refused cell: its row (as the file numbers it: the header is row 1), its column and what is wrong. */
export const bulkRowErrorSchema = v.object({
  row: v.number(),
  column: v.string(),
  problem: v.picklist(bulkRowProblems),
})

/** A refused cell. */
export type BulkRowError = v.InferOutput<typeof bulkRowErrorSchema>

/** A row that will do: its number and the request it starts. */
export type BulkRow = { row: number; input: Omit<StartFromTemplate, 'send'> }

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const languagePattern = /^(en|de|fr|it)([-_][a-z]{2,3})?$/i
const nameMaxLength = 200

/** A column of the header that the template has no column for, or a column the template needs that is missing. */
export type BulkHeaderProblem = {
  column: string
  problem: 'unknown_column' | 'missing_column' | 'column_twice'
}

/** How the header of a file maps to the template's columns: each column's position, or the first problem. */
export function readBulkHeader(
  columns: readonly BulkColumn[],
  header: readonly string[],
): { at: Map<BulkColumn, number> } | BulkHeaderProblem {
  const at = new Map<BulkColumn, number>()
  for (const [index, cell] of header.entries()) {
    const name = cell.trim().toLowerCase()
    if (name === '') continue
    const column = columns.find((c) => c.header.toLowerCase() === name)
    if (column === undefined) return { column: cell.trim(), problem: 'unknown_column' }
    if (at.has(column)) return { column: column.header, problem: 'column_twice' }
    at.set(column, index)
  }
  const missing = columns.find((c) => c.kind === 'email' && !at.has(c))
  if (missing !== undefined) return { column: missing.header, problem: 'missing_column' }
  return { at }
}

function fieldProblem(kind: FormFieldKind, value: string): BulkRowProblem | undefined {
  const problem = formValueProblem(kind, value)
  if (problem === undefined) return undefined
  if (kind === 'date') return 'date'
  if (kind === 'checkbox') return 'checkbox'
  return problem.includes('spaces') ? 'spaces' : 'too_long'
}

/**
 * Checks every data row of a file whose header {@link readBulkHeader} read (`firstRow` the number of the first;
 * rows with no value are skipped): what each refused cell has wrong, and the rows that will do as the requests
 * they start. Every row is checked, so that the sender sees all that is wrong at once.
 */
export function checkBulkRows(
  at: ReadonlyMap<BulkColumn, number>,
  rows: readonly (readonly string[])[],
  firstRow: number,
): { valid: BulkRow[]; errors: BulkRowError[] } {
  const valid: BulkRow[] = []
  const errors: BulkRowError[] = []
  for (const [index, cells] of rows.entries()) {
    if (cells.every((cell) => cell.trim() === '')) continue
    const row = firstRow + index
    const cell = (column: BulkColumn) => {
      const position = at.get(column)
      return position === undefined ? '' : (cells[position] ?? '')
    }
    const rowErrors: BulkRowError[] = []
    const refuse = (column: BulkColumn, problem: BulkRowProblem) =>
      rowErrors.push({ row, column: column.header, problem })
    const signers = new Map<string, { email: string; firstName?: string; lastName?: string }>()
    const language = [...at.keys()].find((c) => c.kind === 'language')
    let languageValue: string | undefined
    if (language !== undefined) {
      const value = cell(language).trim()
      if (value !== '' && !languagePattern.test(value)) refuse(language, 'language')
      else if (value !== '') languageValue = value
    }
    const seen = new Set<string>()
    const prefill: { fieldId: string; value: string }[] = []
    for (const column of at.keys()) {
      const value = cell(column)
      if (column.kind === 'email') {
        const email = value.trim().toLowerCase()
        if (email === '') refuse(column, 'required')
        else if (email.length > 254 || !emailPattern.test(email)) refuse(column, 'email')
        else if (seen.has(email)) refuse(column, 'email_twice')
        else {
          seen.add(email)
          signers.set(column.role, { ...signers.get(column.role), email })
        }
      } else if (column.kind === 'name') {
        const name = value.trim().replace(/\s+/g, ' ')
        if (name.length > nameMaxLength) refuse(column, 'too_long')
        else if (name !== '') {
          const space = name.lastIndexOf(' ')
          const parts =
            space < 0
              ? { firstName: name }
              : { firstName: name.slice(0, space), lastName: name.slice(space + 1) }
          signers.set(column.role, { email: '', ...signers.get(column.role), ...parts })
        }
      } else if (column.kind === 'field' && value !== '') {
        const problem = fieldProblem(column.fieldKind, value)
        if (problem !== undefined) refuse(column, problem)
        else prefill.push({ fieldId: column.fieldId, value })
      }
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors)
      continue
    }
    valid.push({
      row,
      input: {
        signers: [...signers].map(([role, person]) => ({
          role,
          signerIdentityData: {
            emailAddress: person.email,
            firstName: person.firstName,
            lastName: person.lastName,
            language: languageValue,
          },
        })),
        prefill,
      },
    })
  }
  return { valid, errors }
}

/**
 * Body of `POST /v3/templates/{id}/bulk` as JSON: the header and the rows of requests as a file would hold them.
 * `send: false` only checks them.
 */
export const bulkSendInputSchema = v.object({
  columns: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(bulkSendLimits.cellLength))),
    v.minLength(1),
    v.maxLength(bulkSendLimits.columns),
  ),
  rows: v.pipe(
    v.array(
      v.pipe(
        v.array(v.pipe(v.string(), v.maxLength(bulkSendLimits.cellLength))),
        v.maxLength(bulkSendLimits.columns),
      ),
    ),
    v.maxLength(bulkSendLimits.rows),
  ),
  send: v.optional(v.boolean(), true),
})

/** Input of {@link bulkSendInputSchema}. */
export type BulkSendInput = v.InferOutput<typeof bulkSendInputSchema>

/** Where a row of a bulk send stands. */
export const bulkRowStatuses = ['queued', 'sent', 'failed', 'refused'] as const

/** One of {@link bulkRowStatuses}. */
export type BulkRowStatus = (typeof bulkRowStatuses)[number]

/** Answer of `POST /v3/templates/{id}/bulk` with `send: false`: what would be sent and what is wrong. */
export const bulkCheckSchema = v.object({
  /** Rows that will become requests. */
  valid: v.number(),
  /** Rows refused for what `errors` says. */
  refused: v.number(),
  errors: v.array(bulkRowErrorSchema),
})

/** A checked file. */
export type BulkCheck = v.InferOutput<typeof bulkCheckSchema>

/** A bulk send as answered: where its rows stand, counted, and the refused rows' errors. */
export const bulkSendSchema = v.object({
  id: v.string(),
  templateId: v.nullable(v.string()),
  title: v.string(),
  /** Rows of the file, refused ones included. */
  total: v.number(),
  queued: v.number(),
  sent: v.number(),
  /** Rows whose request could not be made when their turn came. */
  failed: v.number(),
  /** Rows refused by the check. */
  refused: v.number(),
  errors: v.array(bulkRowErrorSchema),
  createdAt: v.string(),
  /** When the last row was done; null while rows are queued. */
  finishedAt: v.nullable(v.string()),
})

/** A bulk send. */
export type BulkSendView = v.InferOutput<typeof bulkSendSchema>
