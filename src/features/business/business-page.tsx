import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Business } from '../../../contract/businesses.ts'
import { errorCode } from '../../api/error-messages.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'
import { useBusiness } from './use-business.ts'

/**
 * The frame of an admin's business screen: its heading and lead, and the content once the business has
 * loaded (given to `children`).
 */
export function BusinessPage({
  title,
  lead,
  children,
}: {
  title: ReactNode
  lead?: ReactNode
  children: (business: Business) => ReactNode
}) {
  const { i18n } = useLingui()
  const { data: business, error } = useBusiness()
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert> : null}
      {business ? children(business) : null}
    </div>
  )
}
