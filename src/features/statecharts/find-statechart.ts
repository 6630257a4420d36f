import { type StatechartEntry, statecharts } from '../../../machines/catalog.ts'

/** The catalog entry with this id, if there is one. */
export function findStatechart(id: string): StatechartEntry | undefined {
  return statecharts.find((entry) => entry.id === id)
}
