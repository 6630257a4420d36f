import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { overlayHostMachine } from '../../../../machines/overlay/overlay-host.machine.ts'
import { openOverlay, overlayFailure } from '../../../../src/ui/overlay/open-overlay.ts'
import { settled } from '../../../machines/controlled-actor.ts'

describe('openOverlay', () => {
  it('opens the overlay, which stays until its action answers complete', async () => {
    const host = createActor(overlayHostMachine).start()
    const results: ('continue' | 'complete')[] = ['continue', 'complete']
    const id = openOverlay(host, {
      name: 'signingSuccess',
      props: { n: 1 },
      action: async () => results.shift() ?? 'complete',
    })
    expect(host.getSnapshot().context.overlay).toMatchObject({ id, name: 'signingSuccess', props: { n: 1 } })
    await settled(host, () => host.send({ type: 'overlay.action' }))
    expect(host.getSnapshot().context.overlay?.id).toBe(id)
    host.send({ type: 'overlay.outsideClick' })
    expect(host.getSnapshot().context.overlay?.id).toBe(id)
    await settled(host, () => host.send({ type: 'overlay.action' }))
    expect(host.getSnapshot().value).toBe('closed')
  })

  it('keeps what a failed action threw while the overlay stays open', async () => {
    const host = createActor(overlayHostMachine).start()
    const failure = new Error('tan.invalid')
    let fail = true
    const id = openOverlay(host, {
      name: 'tanInvalid',
      action: async () => {
        if (fail) throw failure
        return 'complete'
      },
    })
    await settled(host, () => host.send({ type: 'overlay.action' }))
    expect(host.getSnapshot().context.error).toBe('overlay.action_failed')
    expect(overlayFailure(id)).toBe(failure)
    fail = false
    await settled(host, () => host.send({ type: 'overlay.action' }))
    expect(host.getSnapshot().value).toBe('closed')
    expect(overlayFailure(id)).toBeUndefined()
  })
})
