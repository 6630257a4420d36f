import { type BrowserContext, test as base, expect } from '@playwright/test'

/**
 * How Chromium reports in a page's console what a Content-Security-Policy refused, and a Permissions-Policy it
 * cannot read.
 */
const policyRefusal = /Content Security Policy|Permissions-Policy header/i

/**
 * Playwright's `test`, whose page also fails the journey when the app showed a text whose catalog was not
 * loaded (src/i18n/i18n.ts reports each one): the user would have seen a message id, not words. Every journey
 * also fails when a Content-Security-Policy of the server refused anything in any of its pages, those of the
 * contexts it opens itself included (the policy is the one production sends, so a refusal is a broken
 * feature), or when Chromium could not read its Permissions-Policy.
 */
export const test = base.extend<{ contentSecurityPolicy: undefined }>({
  page: async ({ page }, use) => {
    const missing: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('is missing from the'))
        missing.push(message.text())
    })
    await use(page)
    expect(missing, 'texts shown before their catalog was loaded').toEqual([])
  },
  contentSecurityPolicy: [
    async ({ browser, context }, use) => {
      const refused: string[] = []
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (policyRefusal.test(message.text())) refused.push(`${message.page()?.url()}: ${message.text()}`)
        })
      }
      watch(context)
      browser.on('context', watch)
      await use(undefined)
      browser.off('context', watch)
      expect(refused, 'what the Content-Security-Policy refused, and Permissions-Policy errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
