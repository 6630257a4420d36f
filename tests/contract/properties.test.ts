import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { toCamelCase, toSnakeCase } from '../../contract/case.ts'
import { findUnsafeString, maxJsonDepth, nestsDeeperThan } from '../../server/http/read-json-body.ts'

/** Every valibot schema the contract exports: the shapes the server reads and the app checks. */
const modules = import.meta.glob<Record<string, unknown>>('../../contract/*.ts', { eager: true })
const schemas = Object.values(modules)
  .flatMap((module) => Object.entries(module))
  .filter(
    (entry): entry is [string, v.GenericSchema] =>
      typeof entry[1] === 'object' && entry[1] !== null && (entry[1] as { kind?: unknown }).kind === 'schema',
  )

/** Any JSON value, with strings of any code unit (NUL and lone surrogates included). */
const anyJson = fc.jsonValue({ maxDepth: 6, stringUnit: 'binary' })

// Fixed seed: a failure names its counterexample and replays the same in every run.
const params = { seed: 11, numRuns: 300 }

describe('the contract over any JSON value (issue 11)', () => {
  it('finds the schemas', () => expect(schemas.length).toBeGreaterThan(40))

  it('converts keys both ways without throwing, keeping every value that is not a key', () => {
    const leaves = (item: unknown): unknown[] =>
      typeof item === 'object' && item !== null ? Object.values(item).flatMap(leaves) : [item]
    fc.assert(
      fc.property(anyJson, (value) => {
        const camel = toCamelCase(value)
        const snake = toSnakeCase(camel)
        // Two keys may meet in one case (a_b and aB), so only arrays and plain values are compared.
        if (typeof value !== 'object' || value === null) expect(snake).toBe(value)
        if (Array.isArray(value)) expect((snake as unknown[]).length).toBe(value.length)
        expect(leaves(snake).length).toBeLessThanOrEqual(leaves(value).length)
      }),
      params,
    )
  })

  it('validates with every schema to a result or issues, never a thrown error', () => {
    fc.assert(
      fc.property(anyJson, fc.constantFrom(...schemas), (value, [, schema]) => {
        const result = v.safeParse(schema, toCamelCase(value))
        expect(typeof result.success).toBe('boolean')
      }),
      params,
    )
  })

  it('measures nesting as JSON.parse reads it', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const text = JSON.stringify(value)
        const depth = (item: unknown): number =>
          typeof item === 'object' && item !== null ? 1 + Math.max(0, ...Object.values(item).map(depth)) : 0
        expect(nestsDeeperThan(text, maxJsonDepth)).toBe(depth(value) > maxJsonDepth)
        expect(nestsDeeperThan(text, 2)).toBe(depth(value) > 2)
      }),
      params,
    )
  })

  it('names a string with NUL or a lone surrogate exactly when there is one', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const texts: string[] = []
        const collect = (item: unknown) => {
          if (typeof item === 'string') texts.push(item)
          else if (typeof item === 'object' && item !== null)
            for (const [key, inner] of Object.entries(item)) {
              if (!Array.isArray(item)) texts.push(key)
              collect(inner)
            }
        }
        collect(value)
        const unsafe = texts.some((text) => text.includes('\u0000') || !text.isWellFormed())
        expect(findUnsafeString(value) !== undefined).toBe(unsafe)
      }),
      params,
    )
  })
})
