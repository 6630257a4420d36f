import { expect, test } from './fixtures.ts'
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
})
