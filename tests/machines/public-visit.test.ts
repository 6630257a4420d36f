import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { publicVisitMachine } from '../../machines/public-visit/public-visit.machine.ts'

/** A refusal as the API client throws it. */
const refusal = (code: string) => Object.assign(new Error(code), { code })

function visit(codes: Record<string, string>) {
  const left: string[] = []
  const asked: string[] = []
  const machine = publicVisitMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }: { input: { email: string } }) => {
        asked.push(input.email)
        if (input.email.endsWith('.invalid')) throw refusal('request.rate_limited')
        return `visit-${asked.length}`
      }),
      confirmCode: fromPromise(async ({ input }: { input: { visitId: string; code: string } }) => {
        if (codes[input.visitId] !== input.code) throw refusal('public_template.code_invalid')
        return `https://app.example/view/r/s?token=${input.visitId}`
      }),
    },
    actions: { leave: (_, params) => void left.push(params.url) },
  })
  return { actor: createActor(machine).start(), left, asked }
}

describe('public visit', () => {
  it('mails a code, refuses a wrong one, and leaves for the signing link with the right one', async () => {
    const { actor, left, asked } = visit({ 'visit-1': '123456' })
    actor.send({ type: 'email.submit', email: 'vera@example.com' })
    await waitFor(actor, (s) => s.matches('codeSent'))
    expect(asked).toEqual(['vera@example.com'])
    actor.send({ type: 'code.submit', code: '000000' })
    const wrong = await waitFor(actor, (s) => s.matches('codeSent') && s.context.errorCode !== null)
    expect(wrong.context.errorCode).toBe('public_template.code_invalid')
    actor.send({ type: 'code.submit', code: '123456' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(left).toEqual(['https://app.example/view/r/s?token=visit-1'])
  })

  it('stays on the e-mail with the refusal, and a new code replaces the visit', async () => {
    const { actor } = visit({ 'visit-3': '654321' })
    actor.send({ type: 'email.submit', email: 'spam@example.invalid' })
    const refused = await waitFor(actor, (s) => s.matches('enteringEmail') && s.context.errorCode !== null)
    expect(refused.context.errorCode).toBe('request.rate_limited')
    actor.send({ type: 'email.submit', email: 'gus@example.com' })
    await waitFor(actor, (s) => s.matches('codeSent'))
    actor.send({ type: 'code.resend' })
    const again = await waitFor(actor, (s) => s.matches('codeSent') && s.context.visitId === 'visit-3')
    expect(again.context.errorCode).toBeNull()
  })
})
