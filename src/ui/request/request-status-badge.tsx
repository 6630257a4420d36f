import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { SignatureRequestStatus } from '../../../contract/signature-request-status.ts'
import styles from './request.module.css'

/** A request's overall status in words (SPEC §4). */
export const requestStatusLabels: Record<SignatureRequestStatus, MessageDescriptor> = {
  DRAFT: msg`Draft`,
  OPEN: msg`Open`,
  SIGNED: msg`Signed`,
  DECLINED: msg`Declined`,
  WITHDRAWN: msg`Withdrawn`,
  EXPIRED: msg`Expired`,
}

/** A request's overall status as a coloured badge, the same wherever a request is shown. */
export function RequestStatusBadge({
  status,
  className,
}: {
  status: SignatureRequestStatus
  /** Where the badge sits in its container. */
  className?: string
}) {
  const { i18n } = useLingui()
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')} data-status={status}>
      {i18n._(requestStatusLabels[status])}
    </span>
  )
}
