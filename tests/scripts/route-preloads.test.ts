import { describe, expect, it } from 'vitest'
import { type ChunkLike, preloadsOf } from '../../scripts/route-preloads.ts'

const root = '/app'
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  more: Partial<ChunkLike> = {},
): ChunkLike => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  isEntry: false,
  imports: [],
  ...more,
})

// A bundle as the build leaves it: the entry, the dashboard's lazy chunks, and catalogs in two languages.
const chunks = [
  chunk('assets/index-E1.js', '/app/index.html', {
    isEntry: true,
    imports: ['assets/framework-F1.js'],
    viteMetadata: { importedCss: new Set(['assets/index-E1.css']) },
  }),
  chunk('assets/framework-F1.js', null),
  chunk('assets/dashboard-C1.js', '/app/src/routes/dashboard.tsx?tsr-split=component', {
    imports: ['assets/framework-F1.js', 'assets/list-L1.js'],
    viteMetadata: { importedCss: new Set(['assets/index-E1.css', 'assets/dashboard-C1.css']) },
  }),
  chunk('assets/list-L1.js', null),
  chunk('assets/dashboard-C2.js', '/app/src/routes/dashboard.tsx?tsr-split=loader'),
  chunk('assets/dashboard-C3.js', '/app/src/routes/dashboard.tsx?tsr-split=errorComponent'),
  chunk('assets/en-gb-S1.js', '/app/locales/en-gb.po'),
  chunk('assets/de-ch-S2.js', '/app/locales/de-ch.po'),
  chunk('assets/en-gb-D1.js', '/app/locales/documents/en-gb.po'),
  chunk('assets/de-ch-D2.js', '/app/locales/documents/de-ch.po'),
  chunk('assets/de-ch-P2.js', '/app/locales/profile/de-ch.po'),
]

describe('the files each page loads beyond the entry (route-preloads.json)', () => {
  const preloads = preloadsOf(
    chunks,
    [
      { path: '/dashboard', chain: ['dashboard', '__root'], parts: ['documents'] },
      { path: '/login', chain: ['login', '__root'], parts: [] },
    ],
    root,
  )

  it('lists the shared catalog of each language the build has, and which language a visit starts in', () => {
    expect(preloads.defaultLocale).toBe('en-gb')
    expect(preloads.catalogs).toEqual({ 'en-gb': ['/assets/en-gb-S1.js'], 'de-ch': ['/assets/de-ch-S2.js'] })
  })

  it('keeps a route’s code, less what the entry loads, apart from its feature catalogs per language', () => {
    expect(preloads.routes).toEqual([
      {
        path: '/dashboard',
        modules: ['/assets/dashboard-C1.js', '/assets/list-L1.js', '/assets/dashboard-C2.js'],
        styles: ['/assets/dashboard-C1.css'],
        catalogs: { 'en-gb': ['/assets/en-gb-D1.js'], 'de-ch': ['/assets/de-ch-D2.js'] },
      },
    ])
  })
})
