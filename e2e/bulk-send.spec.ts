import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { expect, test } from './fixtures.ts'
import { AppPage } from './pages/app-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

test('a sender bulk sends a template from a CSV of 50 rows, 3 of them faulty, on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const tag = randomUUID().slice(0, 8)
  const title = `Contract ${tag}`
  const sender = await createAccount(request)
  const auth = { Authorization: `Bearer ${sender.token}` }

  // A template with the roles Employee and HR, saved from a request.
  const draft = await request.post('/api/v3/signature-requests', {
    headers: auth,
    data: {
      title,
      signatures: [{ account_email: `a-${tag}@example.com` }, { account_email: `b-${tag}@example.com` }],
    },
  })
  expect(draft.ok(), await draft.text()).toBe(true)
  const { id: requestId, signatures } = (await draft.json()) as { id: string; signatures: { id: string }[] }
  const uploaded = await request.post(`/api/v3/signature-requests/${requestId}/documents`, {
    headers: auth,
    multipart: {
      file: {
        name: 'contract.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(await makePdf([a4, a4])),
      },
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

  // 50 rows; row 11 has no address, row 21 a broken one, row 31 an unknown language.
  const lines = ['Employee email,Employee name,HR email,HR name,language']
  for (let n = 1; n <= 50; n++) {
    const email = n === 10 ? '' : n === 20 ? `person${n}-at-example.com` : `person${n}-${tag}@example.com`
    lines.push(`${email},Person ${n},hr-${tag}@example.com,Hanna HR,${n === 30 ? 'xx' : 'de-ch'}`)
  }

  await signInTab(page, sender)
  await page.goto('/templates')
  await page.getByLabel('Search templates').fill(tag)
  await page.getByRole('listitem', { name: title }).getByRole('link', { name: 'Bulk send' }).click()
  await expect(page.getByRole('heading', { name: `Bulk send “${title}”` })).toBeVisible()
  const app = new AppPage(page)
  await app.seeNoSeriousAccessibilityViolations({ structure: true })
  await page.getByLabel('File with the rows').setInputFiles({
    name: 'rows.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  })

  // Every refused row is named with its column and what is wrong, before anything is sent.
  await expect(page.getByText('47 rows can be sent, 3 rows are refused.')).toBeVisible({ timeout: 30_000 })
  const refused = page.getByRole('table', { name: 'Refused rows' })
  await expect(refused.getByRole('row')).toHaveCount(4)
  await expect(refused.getByRole('row', { name: /^11 Employee email/ })).toContainText(
    'The e-mail address is missing.',
  )
  await expect(refused.getByRole('row', { name: /^21 Employee email/ })).toContainText(
    'This is not an e-mail address.',
  )
  await expect(refused.getByRole('row', { name: /^31 language/ })).toContainText(
    'Write en-gb, de-ch, fr-ch or it.',
  )
  await app.seeNoSeriousAccessibilityViolations({ structure: true })

  // Sent from the keyboard; the progress page follows the jobs to the end.
  await page.getByRole('button', { name: 'Send 47 requests' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/bulk-sends\/[0-9a-f-]{36}$/, { timeout: 30_000 })
  await expect(page.getByText('Done: all 50 rows handled.')).toBeVisible({ timeout: 120_000 })
  const counts = page.getByRole('definition')
  await expect(counts).toHaveText(['47', '0', '3'])
  await expect(page.getByRole('progressbar', { name: 'Requests sent' })).toHaveAttribute('value', '47')
  await app.seeNoSeriousAccessibilityViolations({ structure: true })

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the result (CSV)' }).click(),
  ])
  const csv = (await readFile((await download.path()) ?? '', 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
  expect(csv[0]).toBe('row,request_id,status,error')
  expect(csv.filter((line) => /^\d+,[0-9a-f-]{36},sent,$/.test(line))).toHaveLength(47)
  expect(csv.filter((line) => /^\d+,,refused,/.test(line)).map((line) => line.split(',')[0])).toEqual([
    '11',
    '21',
    '31',
  ])

  // The requests are the sender's, like any other.
  const list = await request.get('/api/v3/signature-requests?size=100', { headers: auth })
  const { items } = (await list.json()) as { items: { title: string }[] }
  expect(items.filter((item) => item.title.startsWith(`${title} – `))).toHaveLength(47)
})
