import type { ValidationReport } from './validate-pdf.ts'

/**
 * One PDF to validate, sent to a worker, with the roots a signature chain may lead to as they are now (the
 * platform's change when it renews its root); its bytes are transferred, not copied.
 */
export type ValidateJobMessage = { id: number; bytes: Uint8Array; trustedRoots: Uint8Array[] }

/** A worker's message: it has loaded and takes jobs, or the report of a job, or why there is none. */
export type ValidateWorkerMessage =
  | { type: 'ready' }
  | { type: 'report'; id: number; report: ValidationReport }
  | { type: 'failed'; id: number; message: string }
