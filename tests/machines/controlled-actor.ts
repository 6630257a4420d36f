import { type AnyActorRef, fromPromise } from 'xstate'

/**
 * A promise actor that a test settles by hand: each call is recorded with its input and stays
 * pending until the test resolves or rejects the latest one.
 */
export function controlledActor<TOutput = void, TInput = unknown>() {
  let pending: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | undefined
  const inputs: TInput[] = []
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        inputs.push(input)
        pending = { resolve, reject }
      }),
  )
  return {
    logic,
    inputs,
    calls: () => inputs.length,
    resolve: (value: TOutput) => pending?.resolve(value),
    reject: (error: unknown = new Error('refused')) => pending?.reject(error),
  }
}

/** Lets the promise callbacks an actor's settlement queued run. */
export async function flushMicrotasks() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

/**
 * Runs `act` (which resolves or rejects an actor that `machine` invoked, or sends the event that invokes one
 * that ends at once) and waits until the machine has taken that actor's result, a few promise callbacks later.
 */
export async function settled(machine: AnyActorRef, act: () => void): Promise<void> {
  const taken = new Promise<void>((resolve) => {
    const inspection = machine.system.inspect((event) => {
      if (event.type !== '@xstate.snapshot' || event.actorRef !== machine) return
      if (!/^xstate\.(done|error)\.actor\./.test(event.event.type)) return
      inspection.unsubscribe()
      resolve()
    })
  })
  act()
  await taken
}
