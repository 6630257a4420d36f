import { expect, test } from './fixtures.ts'
import { openBusiness } from './pages/business-api.ts'
import { completeZertesIdentification, IdentificationFlowPage } from './pages/identification-page.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

test.describe('visual signature', () => {
  test('a user draws a signature with the mouse, saves it as default and sees it', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createAccount(request)
    const profile = new ProfilePage(page)
    await signInTab(page, account)
    await profile.open('/profile/visual-signature')
    await expect(page.getByRole('heading', { name: 'Visual signature' })).toBeVisible()
    await expect(page.getByText('You have no signature yet')).toBeVisible()

    await page.getByRole('button', { name: 'New signature' }).click()
    const overlay = page.getByRole('dialog')
    await expect(overlay.getByText('New signature')).toBeVisible()
    await expect(overlay.getByLabel('Name')).toHaveValue('Ada Lovelace')
    const preview = overlay.getByRole('img', { name: 'Preview of your signature' })
    await expect(preview).toBeVisible()
    const typedPreview = await preview.getAttribute('src')

    await overlay.getByLabel('Draw').check()
    const pad = overlay.getByLabel('Draw your signature here')
    const box = await pad.boundingBox()
    if (!box) throw new Error('the pad is not shown')
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7)
    await page.mouse.down()
    for (let step = 1; step <= 20; step++) {
      await page.mouse.move(
        box.x + 20 + step * (box.width / 24),
        box.y + box.height * (0.7 - 0.4 * Math.sin(step / 3)),
      )
    }
    await page.mouse.up()
    // The preview is drawn anew with the drawing.
    await expect(preview).not.toHaveAttribute('src', typedPreview ?? '')
    await overlay.getByLabel('Company').fill('Analytical Engines Ltd')
    await expect(overlay.getByLabel('Use as my default signature')).toBeChecked()
    await profile.seeOverlayHidesPage()
    await profile.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('edit signature overlay', {
      body: await page.screenshot(),
      contentType: 'image/png',
    })
    await overlay.getByRole('button', { name: 'Save signature' }).click()
    await profile.seeSnackbar('Signature saved')

    const item = page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' })
    await expect(item.getByText('Default')).toBeVisible()
    const image = item.getByRole('img', { name: 'Signature Ada Lovelace' })
    await expect(image).toBeVisible()
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300)
    await testInfo.attach('desktop', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await testInfo.attach('phone', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await page.screenshot({ path: testInfo.outputPath('visual-signature-phone.png'), fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.screenshot({ path: testInfo.outputPath('visual-signature-desktop.png'), fullPage: true })

    // Deleting asks first, then the list is empty again.
    await item.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Delete the signature Ada Lovelace?')
    await confirm.getByRole('button', { name: 'Delete signature' }).click()
    await profile.seeSnackbar('Signature deleted')
    await expect(page.getByText('You have no signature yet')).toBeVisible()
  })

  test('a text file chosen as the image is refused with a clear message', async ({ page, request }) => {
    const account = await createAccount(request)
    await signInTab(page, account)
    await new ProfilePage(page).open('/profile/visual-signature')
    await page.getByRole('button', { name: 'New signature' }).click()
    const overlay = page.getByRole('dialog')
    await overlay.getByLabel('Upload an image').check()
    await overlay.getByLabel('Image (PNG or JPEG, at most 1 MB)').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not an image'),
    })
    await expect(overlay.getByText('Choose a PNG or JPEG image of at most 1 MB.')).toBeVisible()
  })

  test('a typed signature shows in the handwriting font, and the QR code is drawn when asked for', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createAccount(request)
    await signInTab(page, account)
    await new ProfilePage(page).open('/profile/visual-signature')
    await page.getByRole('button', { name: 'New signature' }).click()
    const overlay = page.getByRole('dialog')
    const typed = overlay.getByTestId('typed-signature')
    await expect(typed).toHaveText('Ada Lovelace')
    expect(await typed.evaluate((element) => getComputedStyle(element).fontFamily)).toContain(
      'Dancing Script',
    )
    // The face is really there: the browser fetched and loaded it for the typed name.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some(
            (face) => face.family.includes('Dancing Script') && face.status === 'loaded',
          ),
        ),
      )
      .toBe(true)

    const preview = overlay.getByRole('img', { name: 'Preview of your signature' })
    await expect(preview).toBeVisible()
    const withoutQr = await preview.getAttribute('src')
    const qr = overlay.getByLabel('Show a QR code to verify the signature')
    await expect(qr).not.toBeChecked()
    await qr.check()
    await expect(preview).not.toHaveAttribute('src', withoutQr ?? '')
    await testInfo.attach('typed with QR', { body: await overlay.screenshot(), contentType: 'image/png' })
    await overlay.getByRole('button', { name: 'Save signature' }).click()

    const item = page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' })
    await expect(item.getByRole('img', { name: 'Signature Ada Lovelace' })).toBeVisible()
    await item.getByRole('button', { name: 'Edit' }).click()
    await expect(page.getByRole('dialog').getByLabel('Show a QR code to verify the signature')).toBeChecked()
  })

  test('the standard shown is chosen among those held, and kept with the signature', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const headers = { authorization: `Bearer ${account.token}` }
    await signInTab(page, account)
    // No business pays: a ZertES licence is paid first, as the app offers it.
    await new IdentificationFlowPage(page).payLicence('zertes')
    await completeZertesIdentification(request, account, 'video')

    await new ProfilePage(page).open('/profile/visual-signature')
    await page.getByRole('button', { name: 'New signature' }).click()
    const overlay = page.getByRole('dialog')
    const standard = overlay.getByLabel('Standard shown')
    await expect(standard.locator('option')).toHaveText(['SES', 'AES', 'QES · ZERTES · demo'])
    const preview = overlay.getByRole('img', { name: 'Preview of your signature' })
    await expect(preview).toBeVisible()
    const before = await preview.getAttribute('src')
    await standard.selectOption({ label: 'QES · ZERTES · demo' })
    await expect(preview).not.toHaveAttribute('src', before ?? '')
    await overlay.getByRole('button', { name: 'Save signature' }).click()
    await expect(overlay).toHaveCount(0)

    const listed = await request.get('/api/v1/user/visual-signatures', { headers })
    const { visual_signatures: saved } = (await listed.json()) as {
      visual_signatures: { quality: string; legislation: string; provider: string }[]
    }
    expect(saved).toEqual([
      expect.objectContaining({ quality: 'qes', legislation: 'zertes', provider: 'demo' }),
    ])
    await page.getByRole('listitem').getByRole('button', { name: 'Edit' }).click()
    await expect(page.getByRole('dialog').getByLabel('Standard shown')).toHaveValue('qes-zertes')
  })

  test('a business that signs under Part 11 keeps the date and the claim shown', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await createAccount(request, 'Quinn')
    const businessId = await openBusiness(request, admin, 'Pharma Visual AG')
    const headers = { Authorization: `Bearer ${admin.token}` }
    const settings = (await (
      await request.get(`/api/v1/businesses/${businessId}/settings`, { headers })
    ).json()) as { signature_requests: { part11: { enabled: boolean } }; company_branding?: unknown }
    const { company_branding: _, ...editable } = settings
    editable.signature_requests.part11.enabled = true
    const saved = await request.put(`/api/v1/businesses/${businessId}/settings`, { headers, data: editable })
    expect(saved.ok(), await saved.text()).toBe(true)

    await signInTab(page, admin)
    await new ProfilePage(page).open('/profile/visual-signature')
    await page.getByRole('button', { name: 'New signature' }).click()
    const overlay = page.getByRole('dialog')
    const date = overlay.getByLabel('Show the date')
    await expect(date).toBeDisabled()
    await expect(date).toBeChecked()
    await expect(overlay.getByLabel('Show “Signed electronically”')).toBeDisabled()
    await expect(overlay.getByLabel('Show the signature standard')).toBeEnabled()
    await expect(overlay.getByText('Your business sets the lines that cannot be changed.')).toBeVisible()
    await testInfo.attach('fixed lines', { body: await overlay.screenshot(), contentType: 'image/png' })
  })
})
