import { linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit and integration',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/routes/**', 'tests/src/api/error-messages.test.ts'],
          environment: 'node',
        },
      },
      {
        // The app's route tree as the build makes it (route files split, Lingui's macros compiled), so a test
        // reads what each route declares without rendering a screen.
        extends: true,
        plugins: [
          tanstackRouter({ target: 'react', autoCodeSplitting: true }),
          react(),
          babel({ presets: [linguiTransformerBabelPreset()] }),
        ],
        test: { name: 'routes', include: ['tests/routes/**/*.test.ts'], environment: 'node' },
      },
      {
        // The app's error words with Lingui's macros compiled, so a test reads each message's id in the catalogs.
        extends: true,
        plugins: [babel({ presets: [linguiTransformerBabelPreset()] })],
        test: { name: 'messages', include: ['tests/src/api/error-messages.test.ts'], environment: 'node' },
      },
    ],
  },
})
