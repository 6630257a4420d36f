import type { AppointmentStatus, IdentificationStatus } from './identification.types.ts'

const statusByAppointment: Record<AppointmentStatus, IdentificationStatus> = {
  initialized: 'initialized',
  unknown: 'initialized',
  inprogress: 'inprogress',
  success: 'activatingQES',
  failure: 'failure',
}

/**
 * SPEC §4: initialized and unknown become initialized, inprogress stays, success becomes
 * activatingQES (the provider is done, the certificate is being issued), failure stays.
 */
export function toIdentificationStatus(appointmentStatus: AppointmentStatus): IdentificationStatus {
  return statusByAppointment[appointmentStatus]
}
