import * as v from 'valibot'

/** Terminal states after which retention deletes a request's documents. */
export const retentionTerminalStates = ['SIGNED', 'DECLINED', 'WITHDRAWN', 'ANY'] as const

/** SPEC §3 Business settings signatureRequests.retention: automatic deletion of ended requests. */
export const retentionSchema = v.object({
  enabled: v.boolean(),
  terminalState: v.picklist(retentionTerminalStates),
})
