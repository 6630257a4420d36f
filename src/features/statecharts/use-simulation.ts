import { useEffect, useState, useSyncExternalStore } from 'react'
import type { AnyStateMachine } from 'xstate'
import { createSimulation, type Simulation, type SimulationView } from './simulation.ts'

const noSubscription = () => () => {}
const noView = () => undefined

/**
 * Runs `machine` for the viewer; a new `input` or `run` starts it afresh. Undefined until the
 * first run has started.
 */
export function useSimulation(
  machine: AnyStateMachine,
  input: unknown,
  run: number,
): { simulation: Simulation; view: SimulationView } | undefined {
  const [simulation, setSimulation] = useState<Simulation>()
  useEffect(() => {
    // `run` only asks for a fresh start; the machine and its input are the same.
    void run
    const started = createSimulation(machine, input)
    setSimulation(started)
    return () => started.stop()
  }, [machine, input, run])
  const view = useSyncExternalStore(simulation?.subscribe ?? noSubscription, simulation?.getView ?? noView)
  return simulation && view ? { simulation, view } : undefined
}
