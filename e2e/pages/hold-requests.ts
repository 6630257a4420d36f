import type { Page } from '@playwright/test'

/**
 * Holds back the browser's requests to `url` (a glob, as page.route takes it) until the returned function lets
 * them go: what a slow network does to one file while the user goes on.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
