import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { mobileIdMachine } from '../../../../machines/mobile-id/mobile-id.machine.ts'
import type { SignResultCode } from '../../../../machines/signing/signing.types.ts'
import { startUiActors, type UiActors } from '../../../../src/app/ui-actors.ts'
import { runSigning, type SigningRun } from '../../../../src/features/signing/run-signing.ts'
import type { SignInput, SigningCalls } from '../../../../src/features/signing/signing-calls.ts'
import {
  type SigningSubmission,
  signingDialogs,
  signingOverlayNamed,
} from '../../../../src/features/signing/signing-dialogs.ts'

const credit = { isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: false }

/** A signing against answers given in order, on real dialog and overlay hosts. */
function start(answers: (SignResultCode | Error)[], extra: Partial<SigningRun> = {}) {
  const ui = startUiActors()
  const signed: SignInput[] = []
  const calls = {
    sign: vi.fn(async (input: SignInput) => {
      signed.push(input)
      const answer = answers.shift()
      if (answer instanceof Error) throw answer
      return answer === 'mobile_aes'
        ? {
            result: answer,
            mobileSigning: { id: 'ms-1', provider: 'mobileid', maskedMobile: '+41••••••567' },
          }
        : { result: answer ?? 'complete' }
    }),
    resendTan: vi.fn(async () => 60),
    proceedMobile: vi.fn(async (_mobile: unknown, _requestId: string, pwdotp: string) =>
      pwdotp === '123456' ? { result: 'complete' } : { result: 'tan_invalid', tanTriesLeft: 4 },
    ),
    resendMobile: vi.fn(async () => Date.now() + 60_000),
    cancelMobile: vi.fn(async () => undefined),
    identificationPath: (id: string) => `/profile/signature-standards/legislation?signatureRequestId=${id}`,
    mobileId: mobileIdMachine.provide({
      actors: {
        sendCode: fromPromise(async () => ({ id: 'reg-1', maskedMobile: '+41••••••567', nextAt: 0 })),
        confirmCode: fromPromise(async () => ({ mobile: '+41791234567' })),
      },
    }),
  } as unknown as SigningCalls
  const onSigned = vi.fn()
  const onRefused = vi.fn()
  const onUpgrade = vi.fn()
  const onNavigate = vi.fn()
  const leaving = new AbortController()
  const done = runSigning({
    signal: leaving.signal,
    ui,
    calls,
    requestId: 'sr-1',
    requestTitle: 'Lease',
    signingName: 'Ada Lovelace',
    signerName: 'Ada Lovelace',
    language: 'en-gb',
    part11Defaults: { signingName: 'Ada Lovelace', signingReason: '' },
    credit,
    formValues: [],
    onRefused,
    onSigned,
    onUpgrade,
    onNavigate,
    ...extra,
  })
  return { ui, calls, signed, onSigned, onRefused, onUpgrade, onNavigate, done, leaving }
}

const overlay = (ui: UiActors) => ui.overlays.getSnapshot().context.dialog?.name
const dialog = (ui: UiActors) => ui.dialogs.getSnapshot().context.dialog?.name
const activeId = (host: UiActors['dialogs']) => host.getSnapshot().context.dialog?.id ?? ''
/** The open signing overlay as its content sees it: the props it shows, and what its buttons submit. */
const shown = (ui: UiActors) => signingOverlayNamed(overlay(ui) ?? '').opening(activeId(ui.overlays))
const press = (ui: UiActors, value: SigningSubmission) => shown(ui)?.submit(value)
const enterTan = (ui: UiActors, tan: string) =>
  signingDialogs.tanEntry.opening(activeId(ui.dialogs))?.submit(tan)

describe('runSigning: the signing machine on the overlay and dialog hosts (SPEC §2, §4)', () => {
  it('shows the signing overlay while signing, then success, and ends when it is closed', async () => {
    const { ui, signed, onSigned, done } = start(['complete'])
    expect(overlay(ui)).toBe('signing')
    expect(ui.overlays.getSnapshot().hasTag('loading')).toBe(true)
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(onSigned).toHaveBeenCalledOnce()
    expect(signed).toEqual([
      { requestId: 'sr-1', signingName: 'Ada Lovelace', language: 'en-gb', tan: undefined, formValues: [] },
    ])
    press(ui, 'close')
    await done
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().value).toBe('closed'))
  })

  it('asks to confirm a seal by its name before sealing with it, and names it and the signer after', async () => {
    const seal = { accountName: 'legal', label: 'Legal Department' }
    const { ui, signed, onSigned, done } = start(['complete'], { seal, signingName: seal.label })
    expect(overlay(ui)).toBe('sealConfirmation')
    expect(shown(ui)?.props).toMatchObject({ seal, sealedBy: 'Ada Lovelace' })
    expect(signed).toEqual([])
    press(ui, 'confirmSeal')
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(shown(ui)?.props).toMatchObject({ seal, sealedBy: 'Ada Lovelace' })
    expect(onSigned).toHaveBeenCalledOnce()
    expect(signed).toEqual([
      {
        requestId: 'sr-1',
        signingName: 'Legal Department',
        language: 'en-gb',
        tan: undefined,
        sealAccountName: 'legal',
        formValues: [],
      },
    ])
    press(ui, 'close')
    await done
  })

  it('seals nothing when the seal confirmation is cancelled', async () => {
    const { ui, signed, onSigned, done } = start(['complete'], {
      seal: { accountName: 'legal', label: 'Legal Department' },
    })
    expect(overlay(ui)).toBe('sealConfirmation')
    press(ui, 'close')
    await done
    expect(signed).toEqual([])
    expect(onSigned).not.toHaveBeenCalled()
  })

  it('ends when the user leaves the page, closing its dialog, and signs nothing more', async () => {
    const { ui, calls, done, leaving } = start(['tan_required', 'complete'])
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    // The router leaves the page: the hosts close what is open, the flow is told to end.
    ui.dialogs.send({ type: 'route.leave' })
    ui.overlays.send({ type: 'route.leave' })
    leaving.abort()
    await done
    expect(dialog(ui)).toBeUndefined()
    expect(overlay(ui)).toBeUndefined()
    expect(calls.sign).toHaveBeenCalledOnce()
  })

  it('asks for the Part 11 confirmation, again after a wrong password, and signs with it', async () => {
    const { ui, signed, done } = start(['part11_required', 'part11_invalid', 'complete'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('part11Verification'))
    const props = () => shown(ui)?.props
    expect(props()?.part11Defaults).toEqual({ signingName: 'Ada Lovelace', signingReason: '' })
    expect(props()?.reason).toBeUndefined()
    const part11 = { password: 'wrong', signingName: 'Ada Lovelace', signingReason: 'Approval' }
    press(ui, { part11 })
    await vi.waitFor(() => expect(signed).toHaveLength(2))
    expect(signed[1]?.part11).toEqual(part11)
    // Asked again, saying why, with the name and meaning given (the password is not kept).
    await vi.waitFor(() => expect(props()?.reason).toBeDefined())
    expect(overlay(ui)).toBe('part11Verification')
    expect(props()?.part11Defaults).toEqual({ signingName: 'Ada Lovelace', signingReason: 'Approval' })
    // The overlay is ready again (no longer busy) before the signer submits anew.
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().hasTag('loading')).toBe(false))
    press(ui, { part11: { ...part11, password: 'right' } })
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(signed[2]?.part11?.password).toBe('right')
    press(ui, 'close')
    await done
  })

  it('mails a TAN when the sign call asks for one and signs with the TAN entered', async () => {
    const { ui, calls, signed, onSigned, done } = start(['tan_required', 'complete'])
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    await vi.waitFor(() => expect(calls.resendTan).toHaveBeenCalledOnce())
    expect(ui.overlays.getSnapshot().value).toBe('closed')
    enterTan(ui, '123456')
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(signed[1]?.tan).toBe('123456')
    expect(onSigned).toHaveBeenCalledOnce()
    press(ui, 'close')
    await done
  })

  it('after a wrong TAN shows the TAN invalid overlay, then asks for it again, mailing no new one', async () => {
    const { ui, calls, done } = start(['tan_required', 'tan_invalid', 'complete'])
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    enterTan(ui, '000000')
    await vi.waitFor(() => expect(calls.sign).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(overlay(ui)).toBe('tanInvalid'))
    press(ui, 'retryTan')
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().value).toBe('closed'))
    expect(calls.resendTan).toHaveBeenCalledOnce()
    enterTan(ui, '123456')
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    press(ui, 'close')
    await done
  })

  it('sends a new TAN from the expired overlay and asks for it again', async () => {
    const { ui, calls, done } = start(['tan_required', 'tan_expired'])
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    enterTan(ui, '123456')
    await vi.waitFor(() => expect(overlay(ui)).toBe('tanExpired'))
    press(ui, 'resend')
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    expect(calls.resendTan).toHaveBeenCalledTimes(2)
    ui.dialogs.send({ type: 'dialog.close' })
    await done
  })

  it('ends the flow when the TAN entry is cancelled', async () => {
    const { ui, done } = start(['tan_required'])
    await vi.waitFor(() => expect(dialog(ui)).toBe('tanEntry'))
    ui.dialogs.send({ type: 'dialog.close' })
    await done
    expect(ui.overlays.getSnapshot().value).toBe('closed')
  })

  it('shows why signing failed and signs again on retry', async () => {
    const refusal = Object.assign(new Error('not open'), { code: 'signature_request.not_open' })
    const { ui, signed, done } = start([refusal, 'complete'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingFailure'))
    // The overlay says why by the server's code, which the signing machine keeps.
    expect(shown(ui)?.props).toMatchObject({
      reason: 'signature_request.not_open',
      canRetry: true,
    })
    press(ui, 'retry')
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(signed).toHaveLength(2)
    press(ui, 'close')
    await done
  })

  it('signs with the form values and hands a refusal of the sign call to the form', async () => {
    const refusal = Object.assign(new Error('bad date'), {
      code: 'request.invalid',
      field: 'signature_requests.0.form_values.0.value',
    })
    const formValues = [{ fieldId: 'f-1', value: '2026-02-30' }]
    const { ui, signed, onRefused, done } = start([refusal], { formValues })
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingFailure'))
    expect(signed[0]?.formValues).toEqual(formValues)
    expect(onRefused).toHaveBeenCalledWith(refusal)
    press(ui, 'close')
    await done
  })

  it('shows the locked and TAN locked overlays, which only close', async () => {
    for (const [answer, name] of [
      ['locked', 'signingLocked'],
      ['tan_locked', 'tanLocked'],
    ] as const) {
      const { ui, onSigned, done } = start([answer])
      await vi.waitFor(() => expect(overlay(ui)).toBe(name))
      press(ui, 'close')
      await done
      await vi.waitFor(() => expect(ui.overlays.getSnapshot().value).toBe('closed'))
      expect(onSigned).not.toHaveBeenCalled()
    }
  })

  it('a free user without signatures left sees the exhausted overlay, which leads to the plans', async () => {
    const { ui, calls, onUpgrade, done } = start([], {
      credit: { isFreeUser: true, freeSignaturesRemaining: 0, isDirectSign: false },
    })
    expect(overlay(ui)).toBe('exhaustedSignatures')
    press(ui, 'upgrade')
    await done
    expect(onUpgrade).toHaveBeenCalledOnce()
    expect(calls.sign).not.toHaveBeenCalled()
  })

  it('a direct-link signer always has the credit to sign', async () => {
    const { ui, done } = start(['complete'], {
      credit: { isFreeUser: true, freeSignaturesRemaining: 0, isDirectSign: true },
    })
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    press(ui, 'close')
    await done
  })

  it('confirms a qualified signing with the SMS password, saying a wrong one in the mobile AES overlay', async () => {
    const { ui, calls, onSigned, done } = start(['mobile_aes'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('mobileAes'))
    expect(shown(ui)?.props).toMatchObject({ maskedMobile: '+41••••••567' })
    press(ui, { pwdotp: '000000' })
    await vi.waitFor(() => expect(calls.proceedMobile).toHaveBeenCalledOnce())
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().hasTag('loading')).toBe(false))
    expect(overlay(ui)).toBe('mobileAes')
    expect(onSigned).not.toHaveBeenCalled()
    press(ui, { pwdotp: '123456' })
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(calls.proceedMobile).toHaveBeenLastCalledWith(
      { id: 'ms-1', provider: 'mobileid', maskedMobile: '+41••••••567' },
      'sr-1',
      '123456',
    )
    expect(onSigned).toHaveBeenCalledOnce()
    press(ui, 'close')
    await done
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().value).toBe('closed'))
  })

  it('cancels the qualified signing on the server when the mobile AES overlay is cancelled', async () => {
    const { ui, calls, done } = start(['mobile_aes'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('mobileAes'))
    press(ui, 'close')
    await done
    expect(calls.cancelMobile).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().value).toBe('closed'))
  })

  it('sends a signer whose name no longer matches to identify again', async () => {
    const { ui, onNavigate, done } = start(['serial_mismatch'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('serialNumberMismatch'))
    press(ui, 'identify')
    await done
    expect(onNavigate).toHaveBeenCalledWith(
      '/profile/signature-standards/legislation?signatureRequestId=sr-1',
    )
  })

  it('offers identification for the quality a request asks for, without a simple signature', async () => {
    const { ui, onNavigate, done } = start(['identification_required'], { requestQuality: 'qes' })
    await vi.waitFor(() => expect(dialog(ui)).toBe('upgradeStandards'))
    expect(signingDialogs.upgradeStandards.opening(activeId(ui.dialogs))?.props).toEqual({
      quality: 'qes',
      required: true,
    })
    signingDialogs.upgradeStandards.opening(activeId(ui.dialogs))?.submit('upgrade')
    await done
    expect(onNavigate).toHaveBeenCalledWith(
      '/profile/signature-standards/legislation?signatureRequestId=sr-1',
    )
  })

  it('asks a signer without a mobile number for it as a step, then signs with the SMS password', async () => {
    const missing = Object.assign(new Error('mobile'), { code: 'mobile_signing.mobile_missing' })
    const { ui, calls, onNavigate, onSigned, done } = start([missing, 'mobile_aes'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('mobileRegistration'))
    const registration = shown(ui)?.props.signing?.getSnapshot().children.mobileId
    registration?.send({ type: 'number.submit', mobile: '079 123 45 67', country: 'CH' })
    await vi.waitFor(() => expect(registration?.getSnapshot().value).toBe('awaitingCode'))
    registration?.send({ type: 'code.submit', secret: '123456' })
    // Registered, the signing goes on by itself: the SMS of the signature is asked for next.
    await vi.waitFor(() => expect(overlay(ui)).toBe('mobileAes'))
    expect(calls.sign).toHaveBeenCalledTimes(2)
    press(ui, { pwdotp: '123456' })
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    expect(onSigned).toHaveBeenCalledOnce()
    press(ui, 'close')
    await done
    expect(onNavigate).not.toHaveBeenCalled()
  })

  it('keeps the success overlay when signing the last signature ends the sign action', async () => {
    const { ui, leaving, done } = start(['complete'])
    await vi.waitFor(() => expect(overlay(ui)).toBe('signingSuccess'))
    leaving.abort()
    expect(overlay(ui)).toBe('signingSuccess')
    press(ui, 'close')
    await done
    await vi.waitFor(() => expect(ui.overlays.getSnapshot().value).toBe('closed'))
  })
})
