import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { joinBusiness, openBusiness } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { DashboardPage } from './pages/dashboard-page.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

test.describe('signer groups', () => {
  test('an admin makes a group, sends a request to it, a member signs it, and the group is deleted', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000)
    const tag = randomUUID().slice(0, 6)
    const admin = await createAccount(request, 'Grace', 'admin')
    const member = await createAccount(request, 'Mia', 'member')
    const businessId = await openBusiness(request, admin, `Groups AG ${tag}`)
    await joinBusiness(request, admin, businessId, member)

    // The admin makes the group on the members screen, by keyboard, and adds the member to it.
    const business = new BusinessPage(page)
    await signInTab(page, admin, baseURL)
    await business.open(`${baseURL}/business/members`)
    await business.seeHeading('Members')
    const groups = page.getByRole('region', { name: 'Signer groups' })
    await groups.getByLabel('Name of a new group').fill('Finance')
    await page.keyboard.press('Enter')
    await business.seeSnackbar('Group created')
    await expect(groups.getByRole('heading', { name: 'Finance' })).toBeVisible()
    await groups.getByLabel('Add to Finance').selectOption({ label: member.email })
    await groups.getByRole('button', { name: 'Add', exact: true }).focus()
    await page.keyboard.press('Enter')
    await business.seeSnackbar('Added to the group')
    await expect(groups.getByRole('list', { name: 'Members of Finance' })).toContainText(member.email)
    await business.seeNoSeriousAccessibilityViolations()
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(groups.getByRole('button', { name: `Remove ${member.email} from Finance` })).toBeVisible()
    await business.seeNoHorizontalOverflow()
    await testInfo.attach('signer groups (390 x 844)', { body: await page.screenshot({ fullPage: true }) })
    await page.setViewportSize({ width: 1280, height: 720 })

    // The admin sends a request to the group from the app's editor, picking it by keyboard.
    const title = `Budget ${tag}`
    const upload = new UploadPage(page)
    await upload.openUpload()
    await upload.chooseFiles([await onePagePdf(`${title}.pdf`)])
    await upload.seeUploaded(`${title}.pdf`)
    await page.getByLabel('Title', { exact: true }).fill(title)
    await upload.chooseSignerGroup('Finance')
    await upload.seeSignerGroup('Finance')
    await page.setViewportSize({ width: 390, height: 844 })
    await upload.seeNoHorizontalOverflow()
    await testInfo.attach('editor with a group (390 x 844)', {
      body: await page.screenshot({ fullPage: true }),
    })
    await page.setViewportSize({ width: 1280, height: 720 })
    await upload.clickSend()
    await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
    const requestId = page.url().split('/').at(-1)

    // The member finds it on their dashboard as theirs to sign, and signs it.
    const memberPage = await (await browser.newContext()).newPage()
    const dashboard = new DashboardPage(memberPage)
    await signInTab(memberPage, member, baseURL)
    await dashboard.open(`${baseURL}/dashboard`)
    const row = memberPage.getByRole('link', { name: new RegExp(`^${title}`) })
    await expect(row).toContainText('Your turn')
    await memberPage.getByRole('link', { name: `Sign ${title}` }).click()
    await expect(memberPage).toHaveURL(new RegExp(`/view/${requestId}$`))
    await expect(memberPage.getByText('Signer group Finance: any one member signs')).toBeVisible()
    const signing = new SigningPage(memberPage)
    await signing.clickSign()
    await signing.confirmSignatureName('Mia Lovelace')
    await signing.seeOverlay('Signed')
    await signing.clickOverlayButton('Done')
    await expect(memberPage.getByText('For the signer group Finance')).toBeVisible()
    await expect(memberPage.getByRole('main').getByRole('button', { name: 'Sign', exact: true })).toHaveCount(
      0,
    )

    // Deleting the group, now that nothing waits for it, asks first, naming it.
    await business.open(`${baseURL}/business/members`)
    await groups.getByRole('button', { name: 'Delete Finance' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete the group Finance?' })
    await confirm.getByRole('button', { name: 'Delete group' }).click()
    await business.seeSnackbar('Group deleted')
    await expect(groups.getByRole('heading', { name: 'Finance' })).toHaveCount(0)
  })
})
