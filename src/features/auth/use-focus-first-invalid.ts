import { type RefObject, useEffect } from 'react'

/**
 * Moves focus to the form's first invalid field each time `attempt` grows (a refused submit),
 * so keyboard and screen reader users land on what needs fixing.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, attempt])
}
