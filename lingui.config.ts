import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { catalogParts } from './src/i18n/catalog-parts.ts'

export default defineConfig({
  sourceLocale: 'en-gb',
  locales: ['en-gb', 'de-ch', 'fr-ch', 'it'],
  fallbackLocales: { default: 'en-gb' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: catalogParts.map((part) => `<rootDir>/src/features/${part}`),
    },
    ...catalogParts.map((part) => ({
      path: `<rootDir>/locales/${part}/{locale}`,
      include: [
        `<rootDir>/src/features/${part}`,
        // The statechart viewer shows the machines' own descriptions.
        ...(part === 'statecharts' ? ['<rootDir>/machines/catalog.ts'] : []),
      ],
    })),
  ],
  format: formatter({ lineNumbers: false }),
})
