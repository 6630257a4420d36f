import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

type Listed = { id: string; to: string; subject: string }

/** The mails to `email` whose subject names `title`, so far. */
async function mailsAbout(request: APIRequestContext, email: string, title: string): Promise<Listed[]> {
  const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
  return list.mails.filter((m) => m.to.includes(email) && m.subject.includes(title))
}

/** The signers' names in the list of the signers, in their order. */
async function signerOrder(page: Page): Promise<string[]> {
  const names = page.getByRole('list', { name: 'Signing order' }).getByRole('listitem')
  return (await names.allInnerTexts()).map((text) => /(Anna|Ben|Carla)/.exec(text)?.[1] ?? text)
}

/** Moves `name` up with the keyboard (its Move up button, Enter) until it is at `index`. */
async function moveTo(page: Page, name: string, index: number) {
  for (let current = (await signerOrder(page)).indexOf(name); current > index; current -= 1) {
    await page.getByRole('button', { name: new RegExp(`^Move ${name} .* up$`) }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => signerOrder(page).then((order) => order.indexOf(name))).toBe(current - 1)
  }
}

const sign = async (request: APIRequestContext, signer: TestAccount, requestId: string) => {
  const signed = await request.post('/api/v3/sign', {
    headers: { Authorization: `Bearer ${signer.token}` },
    data: { signature_requests: [{ signature_request_id: requestId }], language: 'en' },
  })
  expect(signed.ok(), await signed.text()).toBe(true)
}

test('a sender asks three signers in order and a back office for a copy', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = randomUUID().slice(0, 8)
  const title = `Order ${tag}`
  const [sender, anna, ben, carla] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ])
  if (!sender || !anna || !ben || !carla) throw new Error('accounts missing')
  const observer = `backoffice-${tag}@example.com`

  // The sender drafts on the upload screen: three signers, one after the other, set with the keyboard.
  const upload = new UploadPage(page)
  await signInTab(page, sender)
  await upload.openUpload()
  await upload.chooseFiles([await onePagePdf(`${title}.pdf`)])
  await upload.seeUploaded(`${title}.pdf`)
  await upload.addSigner(carla.email, 'Carla', 'Test')
  await upload.addSigner(ben.email, 'Ben', 'Test')
  await upload.addSigner(anna.email, 'Anna', 'Test')
  // Saved with the draft, then shown checked.
  const inOrder = page.getByLabel('Signers sign one after the other, in this order')
  await inOrder.click()
  await expect(inOrder).toBeChecked()
  await expect(page.getByRole('list', { name: 'Signing order' })).toBeVisible()
  await moveTo(page, 'Anna', 0)
  await moveTo(page, 'Ben', 1)
  expect(await signerOrder(page)).toEqual(['Anna', 'Ben', 'Carla'])
  const copyTo = page.getByLabel('E-mail addresses (optional)')
  await copyTo.fill(observer)
  await copyTo.blur()
  await page.getByLabel('Title', { exact: true }).fill(title)
  await upload.clickSend()
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/, { timeout: 15_000 })
  const requestId = new URL(page.url()).pathname.split('/').pop() ?? ''

  // The request page shows the order and the copy; only Anna is asked.
  await expect(page.getByText(`A copy goes to: ${observer}`)).toBeVisible()
  await expect.poll(() => signerOrder(page)).toEqual(['Anna', 'Ben', 'Carla'])
  await expect.poll(() => mailsAbout(request, anna.email, title).then((m) => m.length)).toBe(1)
  expect(await mailsAbout(request, ben.email, title)).toEqual([])

  // Ben, out of turn, reads it and is told that Anna signs first.
  const benContext = await browser.newContext()
  const benPage = await benContext.newPage()
  await signInTab(benPage, ben)
  await benPage.goto(`/view/${requestId}`)
  await expect(benPage.getByText(/Your turn comes after the earlier signers: Anna Test/)).toBeVisible()
  await expect(benPage.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)

  // Anna signs: now Ben is asked, Carla still not.
  await sign(request, anna, requestId)
  await expect.poll(() => mailsAbout(request, ben.email, title).then((m) => m.length)).toBe(1)
  expect(await mailsAbout(request, carla.email, title)).toEqual([])
  await benPage.reload()
  await expect(benPage.getByText(/Your turn comes after/)).toHaveCount(0)
  await benContext.close()

  await sign(request, ben, requestId)
  await expect.poll(() => mailsAbout(request, carla.email, title).then((m) => m.length)).toBe(1)
  await sign(request, carla, requestId)

  // The back office gets the signed document and a link that shows the request without an account.
  await expect.poll(() => mailsAbout(request, observer, title).then((m) => m.length)).toBe(1)
  const [mail] = await mailsAbout(request, observer, title)
  const body = (await (await request.get(`/api/dev/outbox/${mail?.id}`)).json()) as {
    links: string[]
    attachments?: { filename: string }[]
  }
  const link = new URL(body.links.find((l) => l.includes('/observe/')) ?? '')
  const stranger = await browser.newContext()
  const observerPage = await stranger.newPage()
  await observerPage.goto(`${link.pathname}${link.search}`)
  await expect(observerPage.getByRole('heading', { name: title })).toBeVisible()
  await expect(observerPage.getByText(/Everyone has signed/)).toBeVisible()
  for (const name of ['Anna Test', 'Ben Test', 'Carla Test'])
    await expect(observerPage.getByRole('listitem').filter({ hasText: name })).toContainText('Signed')
  const download = observerPage.waitForEvent('download')
  await observerPage.getByRole('link', { name: `${title}.pdf` }).click()
  expect((await download).suggestedFilename()).toBe(`${title}.pdf`)
  // A link with another token shows nothing of it.
  await observerPage.goto(`${link.pathname}?token=${'x'.repeat(43)}`)
  await expect(observerPage.getByRole('heading', { name: 'This link is not valid' })).toBeVisible()
  await stranger.close()
})
