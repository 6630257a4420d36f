import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { AccountSession, Passkey, SecondFactor } from '../../contract/account-security.ts'
import { SecurityScreen } from '../../src/features/profile/security-screen.tsx'
import { adminAndBusiness } from './business-fixtures.ts'
import { type ApiHandler, json, noMaintenance, refusal, renderScreen, serveApi } from './render-screen.tsx'

const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** What the server holds of the signed-in user's security; the handler answers from it and changes it. */
interface Stored {
  factor: SecondFactor
  sessions: AccountSession[]
  passkeys: Passkey[]
}

/** The calls of /profile/security (issue 42), answered as the server would from `stored`. */
function securityServer(stored: Stored): ApiHandler {
  return async ({ method, path, request }) => {
    if (method === 'GET' && path === '/v1/user/second-factor') return json(stored.factor)
    if (method === 'POST' && path === '/v1/user/second-factor/setup')
      return json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Signet:anna?secret=JBSWY3DPEHPK3PXP' })
    if (method === 'POST' && path === '/v1/user/second-factor/enable') {
      const { password, code } = (await request.json()) as { password: string; code: string }
      if (password !== 'right password') return refusal(400, 'auth.invalid_credentials', 'password')
      if (code !== '123456') return refusal(400, 'second_factor.invalid_code', 'code')
      stored.factor = { ...stored.factor, enabled: true, recoveryCodesLeft: 10 }
      return json({ recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] })
    }
    if (method === 'GET' && path === '/v1/user/sessions') return json({ sessions: stored.sessions })
    if (method === 'DELETE' && path === '/v1/user/sessions') {
      stored.sessions = stored.sessions.filter((s) => s.current)
      return new Response(null, { status: 204 })
    }
    if (method === 'DELETE' && path.startsWith('/v1/user/sessions/')) {
      const id = path.slice('/v1/user/sessions/'.length)
      stored.sessions = stored.sessions.filter((s) => s.id !== id)
      return new Response(null, { status: 204 })
    }
    if (method === 'GET' && path === '/v1/user/passkeys') return json({ passkeys: stored.passkeys })
    if (method === 'DELETE' && path.startsWith('/v1/user/passkeys/')) {
      const id = path.slice('/v1/user/passkeys/'.length)
      stored.passkeys = stored.passkeys.filter((p) => p.id !== id)
      return new Response(null, { status: 204 })
    }
    return undefined
  }
}

const session = (id: string, userAgent: string, current: boolean): AccountSession => ({
  id,
  userAgent,
  address: current ? '203.0.113.7' : '198.51.100.23',
  createdAt: '2026-11-20T08:00:00Z',
  lastUsedAt: '2026-11-29T17:45:00Z',
  current,
})

function stored(overrides: Partial<Stored> = {}): Stored {
  return {
    factor: { enabled: false, recoveryCodesLeft: 0, required: false },
    sessions: [session('s-1', chromeOnMac, true)],
    passkeys: [],
    ...overrides,
  }
}

const renderSecurity = () => renderScreen('/profile/security', SecurityScreen, { messages: ['profile'] })

describe('/profile/security', () => {
  it('sets up two-step verification: the key, the fields checked, a wrong code at its field, then the recovery codes once', async () => {
    serveApi(noMaintenance, adminAndBusiness, securityServer(stored()))
    await renderSecurity()
    // The passkeys' form asks for the password too: these are the second factor's.
    const card = page.getByRole('region', { name: 'Two-step verification' })
    const password = card.getByLabelText('Password')
    const code = card.getByLabelText('Code from your authenticator app')

    await userEvent.click(page.getByRole('button', { name: 'Set up two-step verification' }))
    await expect.element(page.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP')
    await expect.element(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()

    const switchOn = page.getByRole('button', { name: 'Switch on' })
    await userEvent.click(switchOn)
    await expect.element(password).toHaveAttribute('aria-invalid', 'true')
    await expect.element(code).toHaveAttribute('aria-invalid', 'true')

    await userEvent.fill(password, 'right password')
    await userEvent.fill(code, '654321')
    await userEvent.click(switchOn)
    await expect.element(code).toHaveAttribute('aria-invalid', 'true')
    await expect.element(password).not.toHaveAttribute('aria-invalid', 'true')

    await userEvent.fill(code, '123456')
    await userEvent.click(switchOn)
    const codes = page.getByRole('list', { name: 'Recovery codes' })
    await expect.element(codes).toMatchTextContent('aaaa-bbbb')
    await expect.element(codes).toMatchTextContent('cccc-dddd')
    await expect.element(page.getByText('On. You have 10 recovery codes left.')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Switch off' })).toBeVisible()
  })

  it('tells a member whose business requires it to set it up', async () => {
    const held = stored({ factor: { enabled: false, recoveryCodesLeft: 0, required: true } })
    serveApi(noMaintenance, adminAndBusiness, securityServer(held))
    await renderSecurity()
    await expect
      .element(page.getByText('Your business requires two-step verification. Please set it up to go on.'))
      .toBeVisible()
  })

  it('keeps it on where the business requires it', async () => {
    const on = stored({ factor: { enabled: true, recoveryCodesLeft: 7, required: true } })
    serveApi(noMaintenance, adminAndBusiness, securityServer(on))
    await renderSecurity()
    await expect.element(page.getByText('On. You have 7 recovery codes left.')).toBeVisible()
    await expect
      .element(page.getByText('Your business requires two-step verification, so it stays on.'))
      .toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Switch off' })).not.toBeInTheDocument()
  })

  it('lists the signed-in devices, this one marked, and signs out another or every other', async () => {
    const server = stored({
      sessions: [
        session('s-1', chromeOnMac, true),
        session('s-2', firefoxOnWindows, false),
        session('s-3', firefoxOnWindows, false),
      ],
    })
    const calls = serveApi(noMaintenance, adminAndBusiness, securityServer(server))
    await renderSecurity()

    const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem')
    await expect
      .element(devices.nth(0))
      .toMatchTextContent(/^Chrome on macOS This device203\.0\.113\.7 · last used 29 Nov 2026/)
    await expect.element(devices.nth(1)).toMatchTextContent(/^Firefox on Windows198\.51\.100\.23/)
    expect(devices.elements()).toHaveLength(3)
    // This device has no Sign out: signing out here is the header's.
    await expect.element(devices.nth(0).getByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()

    await userEvent.click(devices.nth(1).getByRole('button', { name: 'Sign out' }))
    await expect.poll(() => devices.elements().length).toBe(2)
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/user/sessions/s-2')).toBe(true)

    await userEvent.click(page.getByRole('button', { name: 'Sign out everywhere else' }))
    await expect.poll(() => devices.elements().length).toBe(1)
    await expect
      .element(page.getByRole('button', { name: 'Sign out everywhere else' }))
      .not.toBeInTheDocument()
  })

  it('lists the passkeys by name and removes one', async () => {
    const server = stored({
      passkeys: [
        {
          id: 'p-1',
          name: 'Work laptop',
          createdAt: '2026-10-01T09:00:00Z',
          lastUsedAt: '2026-11-28T07:30:00Z',
        },
        { id: 'p-2', name: 'Phone', createdAt: '2026-11-02T09:00:00Z', lastUsedAt: null },
      ],
    })
    serveApi(noMaintenance, adminAndBusiness, securityServer(server))
    await renderSecurity()

    const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')
    await expect
      .element(passkeys.nth(0))
      .toMatchTextContent(/^Work laptopadded 1 Oct 2026 · last used 28 Nov 2026/)
    await expect.element(passkeys.nth(1)).toMatchTextContent(/^Phoneadded 2 Nov 2026Remove$/)
    await userEvent.click(page.getByRole('button', { name: 'Remove passkey Work laptop' }))
    await expect.element(page.getByText('Passkey removed.')).toBeVisible()
    await expect.poll(() => passkeys.elements().length).toBe(1)
    await expect.element(passkeys.nth(0)).toMatchTextContent(/^Phone/)
  })
})
