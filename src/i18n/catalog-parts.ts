/**
 * Parts of the app whose messages are a catalog of their own (`locales/{part}/{locale}.po`), loaded by the routes
 * that show them, so the first screen carries the shared texts only (lingui.config.ts, `loadMessages`). A part is
 * a feature (`src/features/{part}`), or the shared components that only feature screens show.
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
  'document-ui',
  'surveys',
  'sso',
] as const

/** A part with a catalog of its own. */
export type CatalogPart = (typeof catalogParts)[number]

/** The folders (from the project's root) whose messages are each part's, where they are not its feature's folder. */
const partSources: Partial<Record<CatalogPart, readonly string[]>> = {
  // The pages after a single sign-on, failed or to complete the account: their texts need not weigh on /login.
  sso: ['src/features/auth/sso-error-screen.tsx', 'src/features/auth/signup-sso-screen.tsx'],
  // The statechart viewer shows the machines' own descriptions.
  statecharts: ['src/features/statecharts', 'machines/catalog.ts'],
  // The document viewer, its fields and the request's header: shown on the screens of documents only, never
  // on the sign-in pages.
  'document-ui': [
    'src/ui/document-viewer',
    'src/ui/form-fields',
    'src/ui/signature-fields',
    'src/ui/request',
  ],
}

/** The folders whose messages make up `part`'s catalog. */
export function sourcesOf(part: CatalogPart): readonly string[] {
  return partSources[part] ?? [`src/features/${part}`]
}

/** The parts whose screens show the shared document components, which load their catalog with their own. */
const showsDocuments: readonly CatalogPart[] = [
  'documents',
  'signing',
  'templates',
  'identification',
  'component-test',
]

/** The parts a route asking for `parts` shows: those, and the shared components' parts their screens show. */
export function partsShown(parts: readonly string[]): CatalogPart[] {
  const shown = new Set(
    parts.filter((part): part is CatalogPart => (catalogParts as readonly string[]).includes(part)),
  )
  if ([...shown].some((part) => showsDocuments.includes(part))) shown.add('document-ui')
  return [...shown]
}
