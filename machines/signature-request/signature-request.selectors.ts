import type { SnapshotFrom } from 'xstate'
import type { SignatureRequestStatus } from '../../contract/signature-request-status.ts'
import type { signatureRequestMachine } from './signature-request.machine.ts'
import { signersInTurn } from './signature-request-refusals.ts'

type RequestStateValue = 'draft' | 'open' | 'signed' | 'declined' | 'withdrawn' | 'expired'

const statusByState: Record<RequestStateValue, SignatureRequestStatus> = {
  draft: 'DRAFT',
  open: 'OPEN',
  signed: 'SIGNED',
  declined: 'DECLINED',
  withdrawn: 'WITHDRAWN',
  expired: 'EXPIRED',
}

/** The lifecycle state that stands for a stored overall status. */
export function requestStateOf(status: SignatureRequestStatus): RequestStateValue {
  return status.toLowerCase() as RequestStateValue
}

/** The overall status (`status_overall`) a lifecycle snapshot stands for; none once the request is deleted. */
export function selectRequestStatus(
  snapshot: SnapshotFrom<typeof signatureRequestMachine>,
): SignatureRequestStatus | undefined {
  return snapshot.value === 'deleted' ? undefined : statusByState[snapshot.value]
}

/** The signers whose turn it is to sign (signature ids); none unless the request is open. */
export function selectTurn(snapshot: SnapshotFrom<typeof signatureRequestMachine>): string[] {
  return snapshot.value === 'open' ? signersInTurn(snapshot.context) : []
}
