import { getNextTransitions, transition } from 'xstate'
import type { SignatureRequestStatus } from '../../contract/signature-request-status.ts'
import { signatureRequestMachine } from './signature-request.machine.ts'
import { requestStateOf, selectRequestStatus } from './signature-request.selectors.ts'
import type {
  SignatureRequestErrorCode,
  SignatureRequestEvent,
  SignatureRequestState,
  SignerSequence,
  Signers,
} from './signature-request.types.ts'
import { ruleRefusal, statusRefusal } from './signature-request-refusals.ts'

/**
 * The outcome of one event on a stored request: its new status, signers and the participants who took it
 * off their list, and whether that was the last of them so the request is deleted; or why it was refused.
 */
export type ApplyRequestResult =
  | {
      ok: true
      status: SignatureRequestStatus
      signers: Signers
      sequence: SignerSequence
      removed: string[]
      deleted: boolean
    }
  | { ok: false; code: SignatureRequestErrorCode }

/**
 * Replays one event on a stored request with the lifecycle machine, as a pure transition. The
 * server calls this before it writes anything, so it accepts exactly what the app's machine does.
 */
export function applyRequestEvent(
  state: SignatureRequestState,
  event: SignatureRequestEvent,
): ApplyRequestResult {
  const context = {
    ownerId: state.ownerId,
    signers: state.signers,
    sequence: state.sequence ?? {},
    removed: state.removed ?? [],
  }
  const snapshot = signatureRequestMachine.resolveState({ value: requestStateOf(state.status), context })
  // No transition of the state names the event: refused for the status, without running the machine (the screens
  // ask about every action of a request, and most statuses take few of them).
  if (!getNextTransitions(snapshot).some((t) => t.eventType === event.type))
    return { ok: false, code: statusRefusal(event.type, state.status) }
  const [next, actions] = transition(signatureRequestMachine, snapshot, event)
  // Taken: the state changed, or it stays and the machine names what to do (signer.place).
  if (next !== snapshot || actions.length > 0) {
    const status = selectRequestStatus(next)
    const { signers, sequence, removed } = next.context
    return {
      ok: true,
      status: status ?? state.status,
      signers,
      sequence,
      removed,
      deleted: status === undefined,
    }
  }
  return {
    ok: false,
    code: ruleRefusal(state.status, context, event) ?? statusRefusal(event.type, state.status),
  }
}
