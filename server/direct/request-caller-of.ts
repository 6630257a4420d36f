import type { Caller } from '../signature-requests/request-services.ts'
import type { DirectCaller } from './authenticate-direct.ts'

/**
 * The direct-link signer as the signature request operations know callers: acting as their signature (no
 * account), found by the address their link was sent to, and never the owner.
 */
export function requestCallerOf(direct: DirectCaller): Caller {
  return {
    userId: direct.signatureId,
    signatureId: direct.signatureId,
    email: direct.email,
    ip: direct.ip,
    groupIds: [],
  }
}
