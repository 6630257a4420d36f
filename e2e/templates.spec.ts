import { randomUUID } from 'node:crypto'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { expect, test } from './fixtures.ts'
import { AppPage } from './pages/app-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

test('a sender saves a request as a template and starts one from it for two people', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const tag = randomUUID().slice(0, 8)
  const title = `Employment ${tag}`
  const sender = await createAccount(request)
  const auth = { Authorization: `Bearer ${sender.token}` }

  // A request sent before, to two people: the documents and roles the template keeps.
  const draft = await request.post('/api/v3/signature-requests', {
    headers: auth,
    data: {
      title,
      signatures: [
        { account_email: `first-${tag}@example.com` },
        { account_email: `second-${tag}@example.com` },
      ],
    },
  })
  expect(draft.ok(), await draft.text()).toBe(true)
  const { id: requestId, signatures } = (await draft.json()) as { id: string; signatures: { id: string }[] }
  const uploaded = await request.post(`/api/v3/signature-requests/${requestId}/documents`, {
    headers: auth,
    multipart: {
      file: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makePdf([a4])) },
    },
  })
  expect(uploaded.ok(), await uploaded.text()).toBe(true)
  const saved = await request.post(`/api/v3/signature-requests/${requestId}/template`, {
    headers: auth,
    data: {
      roles: [
        { signature_id: signatures[0]?.id, name: 'Employee' },
        { signature_id: signatures[1]?.id, name: 'HR' },
      ],
    },
  })
  expect(saved.ok(), await saved.text()).toBe(true)

  // The sender finds the template by its title and names a person for each role.
  await signInTab(page, sender)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Templates' }).click()
  await page.getByLabel('Search templates').fill(tag)
  const item = page.getByRole('listitem', { name: title })
  await expect(item).toContainText('Roles: Employee, HR')
  const app = new AppPage(page)
  await app.seeNoSeriousAccessibilityViolations({ structure: true })
  await item.getByRole('link', { name: 'Use' }).click()
  await expect(page.getByRole('heading', { name: `Start “${title}”` })).toBeVisible()

  const employee = page.getByRole('group', { name: 'Employee' })
  const hr = page.getByRole('group', { name: 'HR' })
  // Without addresses the form names what is missing and sends nothing.
  await page.getByRole('button', { name: 'Create request' }).click()
  await expect(employee.getByText('This field is required.')).toBeVisible()
  await app.seeNoSeriousAccessibilityViolations({ structure: true })
  await employee.getByLabel('E-mail').fill(`erika-${tag}@example.com`)
  await employee.getByLabel('First name').fill('Erika')
  await employee.getByLabel('Last name').fill('Muster')
  await hr.getByLabel('E-mail').fill(`hans-${tag}@example.com`)
  await hr.getByLabel('First name').fill('Hans')
  await hr.getByLabel('Last name').fill('Personal')
  await page.getByRole('button', { name: 'Create request' }).click()

  // The new request opens with both people as its signers.
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/, { timeout: 15_000 })
  expect(new URL(page.url()).pathname).not.toContain(requestId)
  await expect(page.getByText('Erika Muster').first()).toBeVisible()
  await expect(page.getByText('Hans Personal').first()).toBeVisible()

  // The template stays until its owner deletes it, after being asked.
  await page.goto('/templates')
  await page.getByLabel('Search templates').fill(tag)
  await page.getByRole('listitem', { name: title }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Delete “${title}”?` })
  await dialog.getByRole('button', { name: 'Delete template' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(`No template matches “${tag}”.`)).toBeVisible()
})
