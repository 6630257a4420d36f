import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { catalogParts, sourcesOf } from './src/i18n/catalog-parts.ts'

export default defineConfig({
  sourceLocale: 'en-gb',
  locales: ['en-gb', 'de-ch', 'fr-ch', 'it'],
  fallbackLocales: { default: 'en-gb' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: catalogParts.flatMap((part) => sourcesOf(part).map((source) => `<rootDir>/${source}`)),
    },
    ...catalogParts.map((part) => ({
      path: `<rootDir>/locales/${part}/{locale}`,
      include: sourcesOf(part).map((source) => `<rootDir>/${source}`),
    })),
  ],
  format: formatter({ lineNumbers: false }),
})
