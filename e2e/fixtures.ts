import { test as base, expect } from '@playwright/test'

/**
 * Playwright's `test`, whose page also fails the journey when the app showed a text whose catalog was not
 * loaded (src/i18n/i18n.ts reports each one): the user would have seen a message id, not words.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const missing: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('is missing from the'))
        missing.push(message.text())
    })
    await use(page)
    expect(missing, 'texts shown before their catalog was loaded').toEqual([])
  },
})

export { expect }
