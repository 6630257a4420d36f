import { describe, expect, it, vi } from 'vitest'
import type { SignatureQualitiesDetail } from '../../../../contract/signing.ts'
import { startUiActors, type UiActors } from '../../../../src/app/ui-actors.ts'
import { prepareSigning, signingTermsStorageKey } from '../../../../src/features/signing/prepare-signing.ts'
import type { Signer, SigningCalls } from '../../../../src/features/signing/signing-calls.ts'
import { signingDialogs } from '../../../../src/features/signing/signing-dialogs.ts'
import { MemoryStorage } from './memory-storage.ts'

const signer: Signer = {
  id: 'u-1',
  signatureName: undefined,
  suggestedName: 'Ada Lovelace',
  isFreeUser: false,
  freeSignaturesRemaining: 0,
  defaultQuality: undefined,
  acceptedTerms: false,
}

const sesOnly: SignatureQualitiesDetail = { ses: { any: { quality: 'ses' } }, signingQuality: 'ses' }

function prepare(who: Partial<Signer>, storage: Storage, qualities = sesOnly) {
  const ui = startUiActors()
  const calls = {
    loadQualities: vi.fn(async () => qualities),
    saveSignatureName: vi.fn(async () => {}),
  } as unknown as SigningCalls
  const onUpgradeStandards = vi.fn()
  const name = prepareSigning({ ui, calls, signer: { ...signer, ...who }, onUpgradeStandards, storage })
  return { ui, calls, onUpgradeStandards, name }
}

const dialog = (ui: UiActors) => ui.dialogs.getSnapshot().context.dialog?.name
const activeId = (ui: UiActors) => ui.dialogs.getSnapshot().context.dialog?.id ?? ''
const acceptTerms = (ui: UiActors) => signingDialogs.signingTerms.opening(activeId(ui))?.submit()
const nameSignature = (ui: UiActors, name: string) =>
  signingDialogs.visualSignatureData.opening(activeId(ui))?.submit(name)
const upgradeStandards = (ui: UiActors) => signingDialogs.upgradeStandards.opening(activeId(ui))

describe('the dialogs before signing (SPEC §2)', () => {
  it('asks for the terms of use once per user and tab, then for the name on the signature, which it saves', async () => {
    const storage = new MemoryStorage()
    const first = prepare({}, storage)
    expect(dialog(first.ui)).toBe('signingTerms')
    acceptTerms(first.ui)
    await vi.waitFor(() => expect(dialog(first.ui)).toBe('visualSignatureData'))
    expect(signingDialogs.visualSignatureData.opening(activeId(first.ui))?.props).toEqual({
      suggestedName: 'Ada Lovelace',
    })
    nameSignature(first.ui, 'Ada King')
    expect(await first.name).toBe('Ada King')
    expect(first.calls.saveSignatureName).toHaveBeenCalledWith('Ada King')
    expect(JSON.parse(storage.getItem(signingTermsStorageKey) ?? '[]')).toEqual(['u-1'])

    const again = prepare({ signatureName: 'Ada King' }, storage)
    expect(await again.name).toBe('Ada King')
    expect(dialog(again.ui)).toBeUndefined()

    const other = prepare({ id: 'u-2', signatureName: 'Bob' }, storage)
    expect(dialog(other.ui)).toBe('signingTerms')
    acceptTerms(other.ui)
    expect(await other.name).toBe('Bob')
  })

  it('does not ask an account holder who accepted the general terms at sign-up again', async () => {
    const account = prepare({ acceptedTerms: true }, new MemoryStorage())
    expect(dialog(account.ui)).toBe('visualSignatureData')
    nameSignature(account.ui, 'Ada King')
    expect(await account.name).toBe('Ada King')
  })

  it('stops when the terms or the name are not given', async () => {
    const declined = prepare({}, new MemoryStorage())
    declined.ui.dialogs.send({ type: 'dialog.close' })
    expect(await declined.name).toBeNull()

    const storage = new MemoryStorage()
    storage.setItem(signingTermsStorageKey, JSON.stringify(['u-1']))
    const unnamed = prepare({}, storage)
    await vi.waitFor(() => expect(dialog(unnamed.ui)).toBe('visualSignatureData'))
    unnamed.ui.dialogs.send({ type: 'dialog.close' })
    expect(await unnamed.name).toBeNull()
    expect(unnamed.calls.saveSignatureName).not.toHaveBeenCalled()
  })

  it('offers to upgrade the standard when the signer wants a quality they do not hold', async () => {
    const storage = new MemoryStorage()
    storage.setItem(signingTermsStorageKey, JSON.stringify(['u-1']))
    const upgrading = prepare({ defaultQuality: 'qes', signatureName: 'Ada' }, storage)
    await vi.waitFor(() => expect(dialog(upgrading.ui)).toBe('upgradeStandards'))
    expect(upgradeStandards(upgrading.ui)?.props).toEqual({ quality: 'qes' })
    upgradeStandards(upgrading.ui)?.submit('upgrade')
    expect(await upgrading.name).toBeNull()
    expect(upgrading.onUpgradeStandards).toHaveBeenCalledOnce()

    const simple = prepare({ defaultQuality: 'aes', signatureName: 'Ada' }, storage)
    await vi.waitFor(() => expect(dialog(simple.ui)).toBe('upgradeStandards'))
    upgradeStandards(simple.ui)?.submit('simple')
    expect(await simple.name).toBe('Ada')

    const held = prepare({ defaultQuality: 'aes', signatureName: 'Ada' }, storage, {
      ...sesOnly,
      aes: { any: { quality: 'aes' } },
    })
    expect(await held.name).toBe('Ada')
  })
})
