import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '../../ui/button/button.tsx'
import { JsonField } from './json-field.tsx'
import { formatJsonText, parseJsonText } from './json-text.ts'
import styles from './statecharts.module.css'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A button that sends one event, with its JSON payload behind a "with payload" disclosure. */
export function EventControl({
  type,
  sample,
  onSend,
}: {
  type: string
  /** The payload the field starts with. */
  sample: Record<string, unknown> | undefined
  onSend: (type: string, payload: Record<string, unknown> | undefined) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(() => formatJsonText(sample))
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string>()

  const send = () => {
    const parsed = parseJsonText(text)
    const fail = (problem: string) => {
      setError(problem)
      setOpen(true)
    }
    if (!parsed.ok) {
      const { message } = parsed
      return fail(t`This is not valid JSON: ${message}`)
    }
    if (parsed.value !== undefined && !isRecord(parsed.value))
      return fail(t`The payload must be a JSON object.`)
    setError(undefined)
    onSend(type, parsed.value)
  }

  return (
    <li className={styles.control}>
      <Button size="sm" variant="secondary" className={styles.eventButton} onClick={send}>
        {type}
      </Button>
      <details className={styles.disclosure} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t`with payload`}</summary>
        <JsonField label={t`Payload of ${type} (JSON)`} value={text} error={error} onChange={setText} />
      </details>
    </li>
  )
}
