// A validation worker (node:worker_threads): checks the signatures of uploaded PDFs off the request loop.

import { parentPort } from 'node:worker_threads'
import type { ValidateJobMessage, ValidateWorkerMessage } from './validate-job.ts'
import { validatePdf } from './validate-pdf.ts'

const port = parentPort
if (port === null) throw new Error('validate-worker.ts runs only as a worker thread')

port.on('message', ({ id, bytes, trustedRoots }: ValidateJobMessage) => {
  validatePdf(bytes, { trustedRoots }).then(
    (report) => port.postMessage({ type: 'report', id, report } satisfies ValidateWorkerMessage),
    (error: Error) =>
      port.postMessage({ type: 'failed', id, message: error.message } satisfies ValidateWorkerMessage),
  )
})
// The pool starts a job's time limit only once the worker has loaded, so a fresh worker's start-up is not
// counted against the first PDF it checks.
port.postMessage({ type: 'ready' } satisfies ValidateWorkerMessage)
