import {
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
  toJsonSchema,
  toJsonSchemaDefs,
} from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { type CaseOptions, camelKey, snakeKey, toSnakeCase } from '../case.ts'

/**
 * Which side of a call a schema describes: `input` is what a client sends, before the server trims, lower-cases
 * or splits it; `output` is what the server answers.
 */
export type SchemaSide = 'input' | 'output'

/** Named schemas that become `#/components/schemas/<name>` wherever an answer holds them. */
export type SchemaComponents = Record<string, v.GenericSchema>

/** Where named schemas live in an OpenAPI document. */
export const componentRef = (name: string) => `#/components/schemas/${name}`

// Normalisations the server applies to what it is sent: the value a client sends needs none of them.
const normalisingActions = ['trim', 'to_lower_case', 'to_upper_case']

/**
 * What the converter cannot say by itself: a `v.check` has no JSON Schema, so its message (written in wire
 * names) tells the reader what it checks; a case-insensitive regex is spelled out letter by letter; a second
 * regex on one value joins the first under `allOf`.
 */
function overrideAction({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  if (valibotAction.type === 'check') {
    const message: unknown = (valibotAction as { message?: unknown }).message
    if (typeof message !== 'string') return jsonSchema
    const said = jsonSchema.description?.split('; ') ?? []
    return said.includes(message) ? jsonSchema : { ...jsonSchema, description: [...said, message].join('; ') }
  }
  if (valibotAction.type === 'regex') {
    const { source, flags } = (valibotAction as unknown as { requirement: RegExp }).requirement
    const meaningful = flags.replace(/[guy]/g, '')
    if (meaningful !== '' && meaningful !== 'i') return undefined
    const pattern = meaningful === 'i' ? caseInsensitive(source) : source
    if (jsonSchema.pattern === source || jsonSchema.pattern === undefined) return { ...jsonSchema, pattern }
    return { ...jsonSchema, allOf: [...(jsonSchema.allOf ?? []), { pattern }] }
  }
  return undefined
}

/**
 * A record keyed by a picklist is an object whose property names are those of the picklist: the converter
 * writes exactly that (`propertyNames` with an `enum`) but reports it, as it only vouches for string keys.
 */
function overrideSchema({ valibotSchema, jsonSchema }: OverrideSchemaContext): JsonSchema | undefined {
  if (valibotSchema.type !== 'record') return undefined
  const key = (valibotSchema as unknown as { key: { type: string } }).key
  return key.type === 'picklist' ? jsonSchema : undefined
}

/** `^https?:` as `^[hH][tT][tT][pP][sS]?:`: letters outside escapes and classes match either case. */
function caseInsensitive(source: string): string {
  let out = ''
  let inClass = false
  for (let index = 0; index < source.length; index++) {
    const char = source[index] ?? ''
    if (char === '\\') {
      out += char + (source[index + 1] ?? '')
      index++
    } else if (inClass || !/[a-z]/i.test(char)) {
      if (char === '[') inClass = true
      if (char === ']') inClass = false
      out += char
    } else {
      out += `[${char.toLowerCase()}${char.toUpperCase()}]`
    }
  }
  return out
}

function conversion(side: SchemaSide, components?: SchemaComponents): ConversionConfig {
  return {
    target: 'draft-2020-12',
    typeMode: side,
    // Anything else that cannot be said in JSON Schema fails the build, so nothing is dropped unnoticed.
    errorMode: 'throw',
    ignoreActions: normalisingActions,
    overrideAction,
    overrideSchema,
    ...(components === undefined
      ? {}
      : { definitions: components, overrideRef: ({ referenceId }) => componentRef(referenceId) }),
  }
}

/**
 * The JSON Schema of `schema` as it is on the wire: property names in snake_case, converted by the rules of
 * contract/case.ts (the keys of the maps named in `caseOptions.preserveKeysOf` stay as they are). With
 * `components`, an answer's parts that are named components are `$ref`s to them.
 */
export function wireJsonSchema(
  schema: v.GenericSchema,
  side: SchemaSide,
  options: { caseOptions?: CaseOptions; components?: SchemaComponents } = {},
): JsonSchema {
  const {
    $schema: _schema,
    $defs: _defs,
    ...json
  } = toJsonSchema(schema, conversion(side, options.components))
  return toWireNames(json, preservedNames(options.caseOptions)) as JsonSchema
}

/** The named components as JSON Schemas of answers, in wire names, each referring to the others by `$ref`. */
export function wireComponents(
  components: SchemaComponents,
  caseOptions?: CaseOptions,
): Record<string, JsonSchema> {
  const definitions = toJsonSchemaDefs(components, conversion('output', components))
  const preserved = preservedNames(caseOptions)
  return Object.fromEntries(
    Object.entries(definitions).map(([name, json]) => [name, toWireNames(json, preserved) as JsonSchema]),
  )
}

function preservedNames(options: CaseOptions | undefined): ReadonlySet<string> {
  return new Set((options?.preserveKeysOf ?? []).map(camelKey))
}

// Keywords whose value is one schema, and those whose value is a list of schemas.
const schemaKeywords = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const
const schemaListKeywords = ['anyOf', 'oneOf', 'allOf'] as const

/**
 * Renames the properties of every object schema in `node` to snake_case. `keepKeys` is set for the schema of
 * a preserved map: its own property names are data and stay, while the schemas below them are converted.
 */
function toWireNames(node: unknown, preserved: ReadonlySet<string>, keepKeys = false): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node
  const schema = node as Record<string, unknown>
  const rename = (key: string) => (keepKeys ? key : snakeKey(key))
  const out: Record<string, unknown> = { ...schema }
  if (isRecord(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        rename(key),
        toWireNames(value, preserved, !keepKeys && preserved.has(camelKey(key))),
      ]),
    )
  }
  // The converter lists no required properties as an empty list, which says nothing.
  if (Array.isArray(schema.required) && schema.required.length === 0) delete out.required
  else if (Array.isArray(schema.required)) out.required = schema.required.map((key) => rename(String(key)))
  for (const keyword of schemaKeywords) {
    if (isRecord(schema[keyword])) out[keyword] = toWireNames(schema[keyword], preserved)
  }
  for (const keyword of schemaListKeywords) {
    const list = schema[keyword]
    // A nullable or union map is still that map: its alternatives keep its keys too.
    if (Array.isArray(list)) out[keyword] = list.map((item) => toWireNames(item, preserved, keepKeys))
  }
  if (Array.isArray(schema.prefixItems))
    out.prefixItems = schema.prefixItems.map((item) => toWireNames(item, preserved))
  if ('default' in schema) out.default = toSnakeCase(schema.default)
  return out
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
