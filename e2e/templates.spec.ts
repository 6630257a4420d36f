import { randomUUID } from 'node:crypto'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { expect, test } from './fixtures.ts'
import { AppPage } from './pages/app-page.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

test('a sender saves a request as a template, edits its roles and starts one from it for two people', async ({
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
  // The first signer fills in their town, which a request from the template may have given beforehand.
  const { id: documentId } = (await uploaded.json()) as { id: string }
  const placed = await request.put(
    `/api/v3/signature-requests/${requestId}/signatures/${signatures[0]?.id}`,
    {
      headers: auth,
      data: {
        document_signatures: [],
        form_fields: [
          { kind: 'text', document_id: documentId, page: 0, x: 40, y: 300, width: 200, height: 20 },
        ],
      },
    },
  )
  expect(placed.ok(), await placed.text()).toBe(true)

  // The sender saves the request as a template from its page, naming a role for each signer, and lands on
  // the template's editor, where the roles place their fields as a request's signers do.
  await signInTab(page, sender)
  await page.goto(`/view/${requestId}`)
  await new RequestViewPage(page).chooseAction('Save as template')
  const saveDialog = page.getByRole('dialog', { name: 'Save as template' })
  await saveDialog.getByLabel(`Role of first-${tag}@example.com`).fill('Employee')
  await saveDialog.getByLabel(`Role of second-${tag}@example.com`).fill('employee')
  await saveDialog.getByRole('button', { name: 'Save template' }).click()
  await expect(saveDialog.getByText('Each role needs its own name.')).toBeVisible()
  await saveDialog.getByLabel(`Role of second-${tag}@example.com`).fill('HR')
  await saveDialog.getByRole('button', { name: 'Save template' }).click()
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: `Template “${title}”` })).toBeVisible()
  const roles = page.getByRole('list', { name: 'Roles' })
  await expect(roles.getByRole('listitem')).toHaveCount(2)
  await expect(roles.getByRole('button', { name: 'Place field for Employee' })).toBeVisible()
  const app = new AppPage(page)
  await app.seeNoSeriousAccessibilityViolations({ structure: true })
  await page.getByRole('button', { name: 'Place field for HR' }).click()
  await expect(page.getByText('Click or tap the page where HR signs.')).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('link', { name: 'Use', exact: true }).click()
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
  await employee.getByLabel('Text on page 1 (optional)').fill('Zürich')
  await page.getByRole('button', { name: 'Create request' }).click()

  // The new request opens with both people as its signers.
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/, { timeout: 15_000 })
  expect(new URL(page.url()).pathname).not.toContain(requestId)
  await expect(page.getByText('Erika Muster').first()).toBeVisible()
  await expect(page.getByText('Hans Personal').first()).toBeVisible()
  const started = await request.get(
    `/api/v3/signature-requests/${new URL(page.url()).pathname.split('/')[2]}`,
    {
      headers: auth,
    },
  )
  const { signatures: signers } = (await started.json()) as {
    signatures: { form_fields: { value: string | null }[] }[]
  }
  expect(signers[0]?.form_fields.map((field) => field.value)).toEqual(['Zürich'])

  // The template stays until its owner deletes it, after being asked.
  await page.goto('/templates')
  await page.getByLabel('Search templates').fill(tag)
  await page.getByRole('listitem', { name: title }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Delete “${title}”?` })
  await dialog.getByRole('button', { name: 'Delete template' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(`No template matches “${tag}”.`)).toBeVisible()
})
