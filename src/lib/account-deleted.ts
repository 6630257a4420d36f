/** Set by the account deletion flow for the one navigation to /bye that follows it (SPEC §6). */
export const accountDeletedKey = 'accountDeleted'
