import { fromPromise } from 'xstate'

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
