import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromium } from './playwright.config.ts'

export default defineConfig({
  test: {
    globalSetup: ['tests/global-setup.ts'],
    // Vitest runs one file at a time on two cores (cores - 1): most files wait on a database, a worker thread or a
    // child process, and two at once took the suite from about 26 to 15 minutes on the busy CI machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    // A poll waits for work the server does after its answer (jobs, workers): on a busy two-core machine that
    // has taken more than the default second.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit and integration',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/app/**', 'tests/components/**'],
          environment: 'node',
        },
      },
      {
        // The app as the build compiles it (route files split, Lingui's macros compiled), so a test reads what
        // each route declares and each message's id without rendering a screen.
        extends: true,
        plugins: [
          tanstackRouter({ target: 'react', autoCodeSplitting: true }),
          react(),
          babel({ presets: [linguiTransformerBabelPreset()] }),
        ],
        test: { name: 'compiled app', include: ['tests/app/**/*.test.ts'], environment: 'node' },
      },
      {
        // Screens rendered in Chromium with their real providers (Lingui, TanStack Query, the router context),
        // the network answered at the fetch level by each test's handlers.
        plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          // One screen at a time: a page per test file beside the other projects' workers crowds a two-core machine.
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromium }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
})
