import type { JobQueue } from '../jobs/job-queue.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'

/** What bulk sends work with: the request services (their rows start requests) and the job queue. */
export type BulkSendServices = RequestServices & { jobs: Pick<JobQueue, 'wake'> }
