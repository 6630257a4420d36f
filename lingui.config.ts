import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en-gb',
  locales: ['en-gb', 'de-ch', 'fr-ch', 'it'],
  fallbackLocales: { default: 'en-gb' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}', include: ['<rootDir>/src', '<rootDir>/machines/catalog.ts'] },
  ],
  format: formatter({ lineNumbers: false }),
})
