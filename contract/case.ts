/**
 * Key case conversion between the wire (snake_case) and code (camelCase).
 *
 * Only the keys of plain objects change; values are walked recursively through plain objects and arrays.
 * Anything else (strings, numbers, booleans, null, Date and other class instances) is returned as it is.
 *
 * Some objects are maps whose keys are data, not names (ids, e-mail addresses, locale codes). List the
 * property that holds such a map in `preserveKeysOf` and the keys of its value are left untouched, while
 * the values inside the map are still converted:
 *
 * ```ts
 * toCamelCase({ signatures_by_id: { ab_12: { signed_at: 1 } } }, { preserveKeysOf: ['signaturesById'] })
 * // { signaturesById: { ab_12: { signedAt: 1 } } }
 * ```
 *
 * A name in `preserveKeysOf` may be written in either case; it matches the property in both directions, so
 * one options object serves a request and its response.
 *
 * Acronyms are words: `customerPortalURL` goes on the wire as `customer_portal_url` and comes back as
 * `customerPortalUrl`, so contract schemas spell acronyms in lower case after the first letter.
 */

/** Options shared by {@link toCamelCase} and {@link toSnakeCase}. */
export type CaseOptions = {
  /** Properties (in camelCase or snake_case) whose object value is a map whose own keys must not change. */
  preserveKeysOf?: readonly string[]
}

/**
 * `convertKey` remembering its answers: the keys of the API are few and come back on every call (the
 * dashboard's list converts some 600 keys a page). Bounded, for keys that are data.
 */
function remembered(convertKey: (key: string) => string): (key: string) => string {
  const answers = new Map<string, string>()
  return (key) => {
    let answer = answers.get(key)
    if (answer === undefined) {
      answer = convertKey(key)
      if (answers.size >= 1000) answers.clear()
      answers.set(key, answer)
    }
    return answer
  }
}

/** Converts one snake_case key to camelCase: `first_name` -> `firstName`; leading underscores stay. */
export const camelKey = remembered((key) =>
  key.replace(/(?<=[^_])_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
)

/** Converts one camelCase key to snake_case: `firstName` -> `first_name`, `customerPortalURL` -> `customer_portal_url`. */
export const snakeKey = remembered((key) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase(),
)

/** Deeply converts the keys of a JSON value from snake_case to camelCase. */
export function toCamelCase(value: unknown, options: CaseOptions = {}): unknown {
  return convert(value, camelKey, preservedNames(options))
}

/** Deeply converts the keys of a JSON value from camelCase to snake_case. */
export function toSnakeCase(value: unknown, options: CaseOptions = {}): unknown {
  return convert(value, snakeKey, preservedNames(options))
}

function preservedNames(options: CaseOptions): ReadonlySet<string> {
  return new Set((options.preserveKeysOf ?? []).map(camelKey))
}

function convert(
  value: unknown,
  convertKey: (key: string) => string,
  preserved: ReadonlySet<string>,
  keepKeys = false,
): unknown {
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length)
    for (let index = 0; index < value.length; index++)
      items[index] = convert(value[index], convertKey, preserved)
    return items
  }
  if (!isPlainObject(value)) return value
  // Built key by key, without the arrays of Object.entries: the list's answer converts some 600 keys a page
  // (issue 34). A `__proto__` key from parsed JSON is defined as an own property, never set as the prototype.
  const converted: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const name = keepKeys ? key : convertKey(key)
    const item = convert(
      value[key],
      convertKey,
      preserved,
      !keepKeys && preserved.size > 0 && preserved.has(camelKey(key)),
    )
    if (name === '__proto__')
      Object.defineProperty(converted, name, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    else converted[name] = item
  }
  return converted
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
