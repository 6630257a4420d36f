import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createOutbox } from '../../../server/providers/mail/outbox.ts'
import { createSandboxMobileSigningProvider } from '../../../server/providers/mobile-signing/sandbox-mobile-signing-provider.ts'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the sandbox mobile signing provider', () => {
  it('writes each SMS to the development outbox, where it is read like a mail', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'signet-sms-'))
    dirs.push(dir)
    const outbox = createOutbox(dir)
    const provider = createSandboxMobileSigningProvider(outbox)
    expect(provider.name).toBe('mobileid')
    const ref = await provider.send('+41791234567', 'Your one-time password is 123456.', 'ms-1')
    expect(ref).toMatch(/^sandbox-ms-1-/)
    const [listed, ...more] = await outbox.list()
    expect(more).toEqual([])
    expect(listed).toMatchObject({ to: '41791234567@sms.invalid', subject: 'SMS to +41791234567' })
    expect(listed?.text.trim()).toBe('Your one-time password is 123456.')
    expect((await outbox.read(listed?.id ?? ''))?.links).toEqual([])
  })
})
