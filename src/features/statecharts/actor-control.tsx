import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '../../ui/button/button.tsx'
import { JsonField } from './json-field.tsx'
import { formatJsonText, parseJsonText } from './json-text.ts'
import styles from './statecharts.module.css'

/** A running call of the machine, settled by hand: done with an output, or failed. */
export function ActorControl({
  id,
  sample,
  onDone,
  onFail,
}: {
  /** The invoke id. */
  id: string
  /** The output the field starts with. */
  sample: unknown
  onDone: (output: unknown) => void
  onFail: () => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(() => formatJsonText(sample ?? null))
  const [error, setError] = useState<string>()

  const done = () => {
    const parsed = parseJsonText(text)
    if (!parsed.ok) {
      const { message } = parsed
      setError(t`This is not valid JSON: ${message}`)
      return
    }
    setError(undefined)
    onDone(parsed.value)
  }

  return (
    <li className={styles.control}>
      <JsonField label={t`Output of ${id} (JSON)`} value={text} error={error} onChange={setText} />
      <div className={styles.buttons}>
        <Button size="sm" onClick={done}>{t`${id} done`}</Button>
        <Button size="sm" variant="secondary" onClick={onFail}>{t`${id} failed`}</Button>
      </div>
    </li>
  )
}
