import { useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { MachineDescription } from '../../../machines/diagram/describe-machine.ts'
import { toDot } from '../../../machines/diagram/to-dot.ts'
import { Button } from '../button/button.tsx'
import { renderSvg } from './render-svg.ts'
import styles from './statechart-diagram.module.css'

// Graphviz sizes in points; the browser lays out in CSS pixels.
const pxPerPt = 4 / 3
// Below this width the viewer's panel sits under the diagram, and phones scroll a drawing at its own size.
const narrowQuery = '(max-width: 959px)'

/** Marks each drawn state with its id, and the active ones, so tests and styles can find them. */
function markStates(svg: SVGSVGElement, active: ReadonlySet<string>) {
  for (const node of svg.querySelectorAll('g.node')) {
    const id = node.querySelector('title')?.textContent ?? ''
    node.setAttribute('data-state', id)
    if (active.has(id)) node.setAttribute('data-active', 'true')
  }
  const width = Number.parseFloat(svg.getAttribute('width') ?? '')
  if (width > 0) svg.style.width = `${Math.round(width * pxPerPt)}px`
  svg.removeAttribute('width')
  svg.removeAttribute('height')
}

/** Scrolls the drawing, not the page, until the current state is in view. */
function revealActive(container: HTMLElement) {
  const node = container.querySelector('g.node[data-active="true"]')
  if (!node) return
  const view = container.getBoundingClientRect()
  const box = node.getBoundingClientRect()
  const inside =
    box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom
  if (inside) return
  container.scrollTo({
    left: container.scrollLeft + box.left - view.left - (view.width - box.width) / 2,
    top: container.scrollTop + box.top - view.top - (view.height - box.height) / 2,
  })
}

/** A machine drawn by Graphviz with its active states highlighted; redrawn whenever they change. */
export function StatechartDiagram({
  description,
  activeIds,
  label,
}: {
  description: MachineDescription
  activeIds: readonly string[]
  /** What a screen reader hears for the whole drawing. */
  label: string
}) {
  const { t } = useLingui()
  const container = useRef<HTMLElement>(null)
  const [status, setStatus] = useState<'drawing' | 'drawn' | 'failed'>('drawing')
  // Phones show the drawing at its own size and scroll it; wider windows fit it to the column.
  const [actualSize, setActualSize] = useState(() => window.matchMedia(narrowQuery).matches)
  const activeKey = activeIds.join('\n')
  const active = useMemo(() => new Set(activeKey.split('\n')), [activeKey])
  const dot = useMemo(() => toDot(description, active), [description, active])

  useEffect(() => {
    let current = true
    renderSvg(dot).then(
      (svg) => {
        const target = container.current
        if (!current || !target) return
        markStates(svg, active)
        svg.setAttribute('role', 'img')
        svg.setAttribute('aria-label', label)
        target.replaceChildren(svg)
        revealActive(target)
        setStatus('drawn')
      },
      () => {
        if (current) setStatus('failed')
      },
    )
    return () => {
      current = false
    }
  }, [dot, active, label])

  useEffect(() => {
    if (container.current && actualSize) revealActive(container.current)
  }, [actualSize])

  return (
    <div className={styles.diagramPanel} aria-busy={status === 'drawing'}>
      <div className={styles.diagramBar}>
        {status === 'drawing' ? <p className={styles.muted}>{t`Drawing the diagram…`}</p> : null}
        {status === 'failed' ? <p role="alert">{t`The diagram could not be drawn.`}</p> : null}
        <Button
          size="sm"
          variant="text"
          className={styles.zoom}
          aria-pressed={actualSize}
          onClick={() => setActualSize((value) => !value)}
        >
          {t`Actual size`}
        </Button>
      </div>
      {/* Wide diagrams scroll sideways; the scroll area takes focus so a keyboard can scroll it too. */}
      <section
        ref={container}
        className={styles.diagram}
        data-size={actualSize ? 'actual' : 'fit'}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={t`Diagram`}
      />
    </div>
  )
}
