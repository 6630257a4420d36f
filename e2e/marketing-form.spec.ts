import { test } from './fixtures.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { BusinessPage } from './pages/business-page.ts'
import { DevOutboxPage } from './pages/dev-outbox-page.ts'
import { createAccountAt, signInTab } from './pages/test-account.ts'

// SPEC §7: opening a business submits the signup form to the forms service. The sandbox of a server of its own
// (MARKETING_FORM_URL=sandbox) writes the submission to the development outbox, so nothing leaves this machine.
let server: OwnServer

test.beforeAll(async () => {
  server = await startOwnServer('staging', { MARKETING_FORM_URL: 'sandbox' })
})

test.afterAll(async () => {
  await server?.stop()
})

test('opening a business submits who signed up and the company to the forms service', async ({
  page,
  playwright,
}) => {
  const account = await createAccountAt(playwright, server.url)
  await signInTab(page, account, server.url)
  const admin = new BusinessPage(page)
  await admin.open(`${server.url}/business/register`)
  await admin.seeHeading('Open a business account')
  await admin.fillCompany({
    name: 'Hopper Freight AG',
    address: 'Bahnhofstrasse 1',
    postalCode: '8001',
    city: 'Zürich',
  })
  await admin.clickOpenBusiness()
  await admin.seeHeading('Your business account is ready')

  const outbox = new DevOutboxPage(page)
  await outbox.open(server.url)
  await outbox.seeMailListed('forms@forms.invalid', 'Form submission: Business signup')
  await outbox.openMail('Form submission: Business signup')
  await outbox.seeTextPart(`email: ${account.email}`)
  await outbox.seeTextPart('company: Hopper Freight AG')
  await outbox.seeTextPart(/page: http:\/\/localhost:\d+\/business\/signup/)
})
