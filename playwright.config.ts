import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { e2eOperatorToken } from './e2e/operator-token.ts'

/** Debian's Chromium here; Playwright's own browser wherever CHROMIUM_PATH is unset and it is missing. */
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** How the browser tests start Chromium: the journeys here and the component tests (vitest.config.ts). */
export const chromium = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
}

/** The two servers the specs share; E2E_PORT moves both, so two checkouts can run their browser tests at once. */
const basePort = Number(process.env.E2E_PORT ?? 4301)
export const ports = { staging: basePort, production: basePort + 1 } as const

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One more try for a journey that failed, so a busy two-core machine's timing does not fail the run on its
  // own; the report lists such a journey as flaky, which is a defect to look into, not a pass.
  retries: 1,
  reporter: process.env.CI ? 'line' : 'list',
  // A minute per journey: on a busy two-core machine even short journeys have taken more than half of one.
  timeout: 60_000,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromium,
    baseURL: `http://localhost:${ports.staging}`,
    extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    // Recording a trace cost about a fifth of the journeys' CPU (browser and worker), for every journey: a
    // journey's retry records one, so a failure that repeats comes with its trace (`--trace on` for any run).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // The journeys generated from the machines' graphs first: each takes minutes, so they start while both workers
  // are free, and the short journeys fill in around them instead of one long path ending the run on its own.
  projects: [
    {
      name: 'machine paths',
      testDir: 'e2e/model',
    },
    {
      name: 'chromium',
      testIgnore: 'model/**',
    },
  ],
  webServer: Object.entries(ports).map(([mode, port]) => ({
    command: `node e2e/serve.ts ${mode} ${port}`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
})
