/** SPEC §2 layouts; each route names one. */
export const layoutNames = ['simple', 'main', 'admin', 'unauthenticated', 'none'] as const
export type LayoutName = (typeof layoutNames)[number]
