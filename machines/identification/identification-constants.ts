/**
 * How often the flow asks for the appointment status and, after success, for the new quality.
 * SPEC gives no number; 5 s keeps a video call's outcome visible quickly without hammering the API.
 */
export const identificationPollMs = 5000
