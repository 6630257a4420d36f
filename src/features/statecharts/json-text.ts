/** Stands for a callback in JSON, which cannot hold functions (a dialog's action, for instance). */
export const functionPlaceholder = '[function]'

/** What parsing a designer's JSON gave: the value, or why it is not JSON. */
export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string }

// Machines only check that a callback is there: the viewer's actors never call it.
const placeholderCallback = () => Promise.resolve(undefined)

/** Parses JSON typed by a designer; empty text is `undefined`, the function placeholder a callback. */
export function parseJsonText(text: string): JsonParse {
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    return {
      ok: true,
      value: JSON.parse(text, (_key, value) => (value === functionPlaceholder ? placeholderCallback : value)),
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

/** Formats a value as JSON (indented unless `indent` is 0), callbacks as the function placeholder, `undefined` as empty text. */
export function formatJsonText(value: unknown, indent = 2): string {
  if (value === undefined) return ''
  return JSON.stringify(value, (_key, v) => (typeof v === 'function' ? functionPlaceholder : v), indent) ?? ''
}
