import type { SnapshotFrom } from 'xstate'
import type { bulkSendMachine } from './bulk-send.machine.ts'

type Snapshot = SnapshotFrom<typeof bulkSendMachine>

/** What the bulk send screen shows of the machine's snapshot. */
export function selectBulkSend(snapshot: Snapshot) {
  const { file, check, errorCode } = snapshot.context
  return {
    fileName: file?.name ?? null,
    check,
    errorCode,
    checking: snapshot.matches('checking'),
    sending: snapshot.matches('sending') || snapshot.matches('sent'),
    canSend: snapshot.matches('ready'),
  }
}
