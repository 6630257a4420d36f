import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { AppMode } from '../../../contract/app-config.ts'
import styles from './test-system-frame.module.css'

/** The local flag that hides the staging alert (SPEC §2). */
const hideStagingAlertKey = 'hideStagingAlert'

function hiddenByFlag(): boolean {
  try {
    return localStorage.getItem(hideStagingAlertKey) === 'true'
  } catch {
    return false
  }
}

/** SPEC §2: a bordered 'Test System' frame whenever the mode is not production. */
export function TestSystemFrame({ mode }: { mode: AppMode }) {
  const { t } = useLingui()
  const [hidden, setHidden] = useState(hiddenByFlag)
  if (mode === 'production' || hidden) return null
  const hide = () => {
    localStorage.setItem(hideStagingAlertKey, 'true')
    setHidden(true)
  }
  return (
    <>
      <div className={styles.frame} />
      {/* A landmark of its own, so the notice is not content outside every landmark. */}
      <aside className={styles.label} aria-label={t`Test System`}>
        <Trans>Test System</Trans>
        <button type="button" onClick={hide} aria-label={t`Hide the test system notice`}>
          ×
        </button>
      </aside>
    </>
  )
}
