import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useMemo, useState } from 'react'
import type { StatechartEntry } from '../../../machines/catalog.ts'
import { describeMachine } from '../../../machines/diagram/describe-machine.ts'
import { Button } from '../../ui/button/button.tsx'
import { activeStateIds } from '../../ui/statechart/active-state-ids.ts'
import { StatechartDiagram } from '../../ui/statechart/statechart-diagram.tsx'
import { ActorControl } from './actor-control.tsx'
import { EventControl } from './event-control.tsx'
import { JsonField } from './json-field.tsx'
import { formatJsonText, parseJsonText } from './json-text.ts'
import type { HistoryEntry } from './simulation.ts'
import { statechartSamples } from './statechart-samples.ts'
import styles from './statecharts.module.css'
import { useSimulation } from './use-simulation.ts'

// Machines whose context is built from `input` need one to start.
const takesInput = (entry: StatechartEntry) => typeof entry.machine.config.context === 'function'

function PanelSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panelSection}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useLingui()
  switch (entry.kind) {
    case 'event':
      return (
        <>
          <code>{entry.type}</code>
          {entry.payload ? <code className={styles.detail}>{formatJsonText(entry.payload, 0)}</code> : null}
          {entry.ignored ? <span className={styles.badge}>{t`no transition`}</span> : null}
        </>
      )
    case 'done': {
      const { id } = entry
      return (
        <>
          <code>{t`${id} done`}</code>
          {entry.output === undefined ? null : (
            <code className={styles.detail}>{formatJsonText(entry.output, 0)}</code>
          )}
        </>
      )
    }
    case 'failed': {
      const { id } = entry
      return <code>{t`${id} failed`}</code>
    }
    case 'after': {
      const { name } = entry
      return <code>{t`after ${name}`}</code>
    }
  }
}

/** One statechart running live: its diagram with the current state, and a panel to drive it. */
export function StatechartViewer({ entry }: { entry: StatechartEntry }) {
  const { i18n, t } = useLingui()
  const { spec } = entry
  const title = i18n._(entry.title)
  const machineId = entry.machine.id
  const samples = statechartSamples[entry.id] ?? {}
  const description = useMemo(() => describeMachine(entry.machine), [entry.machine])
  const needsInput = takesInput(entry)
  const [inputText, setInputText] = useState(() => formatJsonText(samples.input ?? {}))
  const [inputError, setInputError] = useState<string>()
  const [input, setInput] = useState<unknown>(() => (needsInput ? (samples.input ?? {}) : undefined))
  const [run, setRun] = useState(0)
  const running = useSimulation(entry.machine, input, run)

  const restart = () => {
    const parsed = parseJsonText(inputText)
    if (!parsed.ok) {
      const { message } = parsed
      setInputError(t`This is not valid JSON: ${message}`)
      return
    }
    setInputError(undefined)
    setInput(parsed.value ?? {})
    setRun((n) => n + 1)
  }

  const snapshot = running?.view.snapshot
  const activeIds = snapshot ? activeStateIds(snapshot.value) : []
  const activeState = activeIds.join(', ')
  const stateText = snapshot
    ? typeof snapshot.value === 'string'
      ? snapshot.value
      : formatJsonText(snapshot.value)
    : ''
  const reason =
    snapshot?.status === 'error' ? String((snapshot.error as Error)?.message ?? snapshot.error) : ''

  return (
    <div className={styles.viewer}>
      <header className={styles.viewerHeader}>
        <Link to="/statecharts" search={{}} className={styles.back}>
          <Trans>All statecharts</Trans>
        </Link>
        <h1>{title}</h1>
        <p className={styles.muted}>
          <Trans>
            SPEC {spec} · machine <code>{machineId}</code>
          </Trans>
        </p>
        <p>{i18n._(entry.summary)}</p>
      </header>
      <div className={styles.workbench}>
        <StatechartDiagram
          description={description}
          activeIds={activeIds}
          label={t`Diagram of ${title}; current state: ${activeState}`}
        />
        <aside className={styles.panel} aria-label={t`Controls`}>
          <PanelSection title={<Trans>Current state</Trans>}>
            <pre className={styles.value} data-testid="state-value">
              {stateText}
            </pre>
            {snapshot?.status === 'done' ? (
              <p className={styles.note}>
                <Trans>The machine has reached a final state.</Trans>
              </p>
            ) : null}
            {snapshot?.status === 'error' ? (
              <p className={styles.error} role="alert">
                <Trans>The machine stopped with an error: {reason}</Trans>
              </p>
            ) : null}
          </PanelSection>

          {needsInput ? (
            <PanelSection title={<Trans>Input</Trans>}>
              <JsonField
                label={t`Input (JSON)`}
                value={inputText}
                error={inputError}
                onChange={setInputText}
              />
              <Button size="sm" variant="secondary" onClick={restart}>
                <Trans>Restart</Trans>
              </Button>
            </PanelSection>
          ) : null}

          <PanelSection title={<Trans>Events</Trans>}>
            {running && running.view.events.length > 0 ? (
              <ul className={styles.controls} aria-label={t`Accepted events`}>
                {running.view.events.map((type) => (
                  <EventControl
                    key={`${run}:${type}`}
                    type={type}
                    sample={samples.events?.[type]}
                    onSend={running.simulation.send}
                  />
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>
                <Trans>No event is accepted in this state.</Trans>
              </p>
            )}
          </PanelSection>

          {running && running.view.invocations.length > 0 ? (
            <PanelSection title={<Trans>Running calls</Trans>}>
              <ul className={styles.controls} aria-label={t`Running calls`}>
                {running.view.invocations.map(({ id, ref }) => (
                  <ActorControl
                    key={ref.sessionId}
                    id={id}
                    sample={samples.outputs?.[id]}
                    onDone={(output) => running.simulation.settle(ref, { done: true, output })}
                    onFail={() => running.simulation.settle(ref, { done: false })}
                  />
                ))}
              </ul>
            </PanelSection>
          ) : null}

          {running && running.view.delays.length > 0 ? (
            <PanelSection title={<Trans>Delays</Trans>}>
              <ul className={styles.controls} aria-label={t`Delays`}>
                {running.view.delays.map(({ key, name, remainingMs }) => {
                  const remaining = i18n.number(remainingMs)
                  return (
                    <li key={key} className={styles.control}>
                      <Button size="sm" variant="secondary" onClick={() => running.simulation.advance(key)}>
                        {t`after ${name}`}
                      </Button>
                      <span className={styles.muted}>{t`fires in ${remaining} ms`}</span>
                    </li>
                  )
                })}
              </ul>
            </PanelSection>
          ) : null}

          <PanelSection title={<Trans>Context</Trans>}>
            <pre className={styles.value} data-testid="context">
              {snapshot ? formatJsonText(snapshot.context) : ''}
            </pre>
          </PanelSection>

          <PanelSection title={<Trans>History</Trans>}>
            {running && running.view.history.length > 0 ? (
              <ol className={styles.history} aria-label={t`Steps taken`}>
                {running.view.history.map((item, index) => (
                  // The history only grows, so an entry keeps its index.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index}>
                    <HistoryItem entry={item} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.muted}>
                <Trans>Nothing sent yet.</Trans>
              </p>
            )}
            <Button size="sm" variant="text" onClick={() => setRun((n) => n + 1)}>
              <Trans>Back to start</Trans>
            </Button>
          </PanelSection>
        </aside>
      </div>
    </div>
  )
}
