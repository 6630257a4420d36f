// The validation worker with one change for tests of the pool's limits (see `stallingWorker`): a PDF that
// carries `stallMarker` blocks the thread, as a PDF too complex to check would, until the pool stops it.
import { parentPort } from 'node:worker_threads'
import type { ValidateJobMessage } from '../../../server/signing/validate-job.ts'
import { stallChannel, stallMarker } from './validate-fixtures.ts'

// Listens before the real worker does: its own listener comes with the import below.
parentPort?.on('message', ({ bytes }: ValidateJobMessage) => {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(stallMarker)) {
    const channel = new BroadcastChannel(stallChannel)
    channel.postMessage('stalling')
    channel.close()
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
  }
})
await import('../../../server/signing/validate-worker.ts')
