/**
 * Features whose messages are a catalog of their own (`locales/{part}/{locale}.po`), loaded by the routes
 * that show them, so the first screen carries the shared texts only (lingui.config.ts, `loadMessages`).
 */
export const catalogParts = [
  'documents',
  'signing',
  'profile',
  'business',
  'statecharts',
  'validation',
  'dev-outbox',
  'identification',
  'component-test',
  'templates',
] as const

/** A feature with a catalog of its own. */
export type CatalogPart = (typeof catalogParts)[number]
