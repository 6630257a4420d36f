import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { PublicTemplatePage } from './pages/public-template-page.ts'
import { addDocument, createDraft, documentIds } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedTan, SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

test.describe.configure({ timeout: 60_000 + pageLoaderPatienceMs })

test('a visitor of a public link confirms their e-mail and signs; the owner sees it signed', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createAccount(request, 'Olga')
  const auth = { Authorization: `Bearer ${owner.token}` }
  const tag = randomUUID().slice(0, 8)
  const title = `Website NDA ${tag}`
  const visitor = `vera-${tag}@example.com`

  // The template and its public link come through the API: the browser is the visitor's.
  const draft = await createDraft(request, owner, 'Upload', [])
  await addDocument(request, owner, draft, await onePagePdf(`${title}.pdf`))
  const [documentId] = await documentIds(request, owner, draft)
  const template = await request.post('/api/v3/templates', {
    headers: auth,
    data: { title, documents: [{ id: documentId }], roles: [{ name: 'Visitor' }] },
  })
  expect(template.ok(), await template.text()).toBe(true)
  const { id: templateId } = (await template.json()) as { id: string }
  const switched = await request.put(`/api/v3/templates/${templateId}/public-link`, { headers: auth })
  expect(switched.ok(), await switched.text()).toBe(true)
  const link = new URL(((await switched.json()) as { url: string }).url)

  const visit = await browser.newContext()
  const visitorPage = await visit.newPage()
  const publicPage = new PublicTemplatePage(visitorPage)
  await publicPage.open(link.pathname)
  await publicPage.seeTitle(title)
  await publicPage.askCode(visitor)
  await publicPage.enterCode(await mailedTan(request, visitor, [], /Confirm your e-mail address/))
  const signing = new SigningPage(visitorPage)
  await signing.seeHeading(title)
  await signing.clickSign()
  await signing.agreeToTerms()
  await signing.confirmSignatureName(visitor, 'Vera Visitor')
  await signing.seeOverlay('Signed')
  const requestId = /\/view\/([^/]+)\//.exec(new URL(visitorPage.url()).pathname)?.[1] ?? ''
  await visit.close()

  await signInTab(page, owner)
  const view = new RequestViewPage(page)
  await view.open(`/view/${requestId}`)
  await view.seeRequest(title, 'Signed')
})
