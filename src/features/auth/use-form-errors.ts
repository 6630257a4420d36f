import { useCallback, useRef, useState } from 'react'
import type { FormErrors } from './form-errors.ts'
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts'

/**
 * A form's field and form-level errors: `refuse` shows new ones and moves focus to the first
 * invalid field, `clear` removes them; `form` goes on the form element.
 */
export function useFormErrors<F extends string>() {
  const form = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FormErrors<F>>({ fields: {} })
  const [attempt, setAttempt] = useState(0)
  useFocusFirstInvalid(form, attempt)
  const refuse = useCallback((next: FormErrors<F>) => {
    setErrors(next)
    setAttempt((n) => n + 1)
  }, [])
  const clear = useCallback(() => setErrors({ fields: {} }), [])
  return { form, errors, refuse, clear }
}
