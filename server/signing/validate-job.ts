import type { ValidationReport } from './validate-pdf.ts'

/** What a validation worker starts with: the roots a signature chain may lead to. */
export type ValidateWorkerData = { trustedRoots: Uint8Array[] }

/** One PDF to validate, sent to a worker; its bytes are transferred, not copied. */
export type ValidateJobMessage = { id: number; bytes: Uint8Array }

/** A worker's message: it has loaded and takes jobs, or the report of a job, or why there is none. */
export type ValidateWorkerMessage =
  | { type: 'ready' }
  | { type: 'report'; id: number; report: ValidationReport }
  | { type: 'failed'; id: number; message: string }
