/**
 * The operator token of the servers the journeys start (OPERATOR_TOKEN): outside development the dev outbox
 * answers only calls that carry it, and the journeys read their mails there, so every call they make sends it.
 */
export const e2eOperatorToken = 'e2e-operator-token-for-the-dev-outbox-0001'
