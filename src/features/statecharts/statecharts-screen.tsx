import { findStatechart } from './find-statechart.ts'
import { StatechartList } from './statechart-list.tsx'
import { StatechartViewer } from './statechart-viewer.tsx'

/** The designers' statechart viewer (issue 3): the list, or one machine when `machineId` names it. */
export function StatechartsScreen({ machineId }: { machineId: string | undefined }) {
  const entry = machineId === undefined ? undefined : findStatechart(machineId)
  // Keyed by machine so switching machines starts the new one afresh.
  return entry ? <StatechartViewer key={entry.id} entry={entry} /> : <StatechartList />
}
