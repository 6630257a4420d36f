import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { addDocument, createDraft, documentIds } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedDirectLink, mailedTan, SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

test.describe.configure({ timeout: 30_000 + pageLoaderPatienceMs })

test('a template with two roles yields a request signed by two people', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const owner = await createAccount(request, 'Olga')
  const auth = { Authorization: `Bearer ${owner.token}` }
  const tag = randomUUID().slice(0, 8)
  const title = `NDA ${tag}`
  const outside = `otto-${tag}@example.com`

  // The template, its roles and the request from it come through the API: the browser signs.
  const draft = await createDraft(request, owner, 'Upload', [])
  await addDocument(request, owner, draft, await onePagePdf(`${title}.pdf`))
  const [documentId] = await documentIds(request, owner, draft)
  const template = await request.post('/api/v3/templates', {
    headers: auth,
    data: { title, documents: [{ id: documentId }], roles: [{ name: 'Employee' }, { name: 'HR' }] },
  })
  expect(template.ok(), await template.text()).toBe(true)
  const { id: templateId } = (await template.json()) as { id: string }
  const started = await request.post(`/api/v3/templates/${templateId}/signature-requests`, {
    headers: auth,
    data: {
      signers: [
        {
          role: 'Employee',
          signer_identity_data: { email_address: outside, first_name: 'Otto', last_name: 'Outside' },
        },
        { role: 'HR', account_email: owner.email },
      ],
      send: true,
    },
  })
  expect(started.ok(), await started.text()).toBe(true)
  const { id: requestId } = (await started.json()) as { id: string }

  // The person named for HR signs as an account holder.
  await signInTab(page, owner)
  const view = new RequestViewPage(page)
  const signing = new SigningPage(page)
  await view.open(`/view/${requestId}`)
  await view.seeRequest(title, 'Open')
  await signing.clickSign()
  await signing.confirmSignatureName('Olga Lovelace')
  await signing.seeOverlay('Signed')
  await signing.clickOverlayButton('Done')

  // The person named for Employee signs through the link mailed to them.
  const link = await mailedDirectLink(request, outside, requestId)
  const outsider = await browser.newContext()
  const direct = new SigningPage(await outsider.newPage())
  await direct.open(`${link.pathname}${link.search}`)
  await direct.seeHeading(title)
  await direct.clickSign()
  await direct.agreeToTerms()
  await direct.confirmSignatureName('Otto Outside')
  await direct.seeTanEntry()
  await direct.enterTan(await mailedTan(request, outside))
  await direct.seeOverlay('Signed')
  await outsider.close()

  await view.open(`/view/${requestId}`)
  await view.seeRequest(title, 'Signed')
})
