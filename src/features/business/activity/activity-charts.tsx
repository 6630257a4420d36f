import { Trans, useLingui } from '@lingui/react/macro'
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { MonthlyStatistics } from '../../../../contract/activity.ts'
import type { SignatureQuality } from '../../../../contract/signature-qualities.ts'
import { resolveLocale } from '../../../i18n/locales.ts'
import styles from './activity.module.css'

// Only the parts of Chart.js these bar charts use, so the rest stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip)

/** People the per-person chart shows at most: the most signatures first; the table under it lists them all. */
const chartedPeople = 12

const qualities: readonly { quality: SignatureQuality; label: string }[] = [
  { quality: 'ses', label: 'SES' },
  { quality: 'aes', label: 'AES' },
  { quality: 'qes', label: 'QES' },
]

/** A design token's value (SPEC §9 colours), read from the page's custom properties. */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** The month `YYYY-MM` in the language's words: "Mar 2026". */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )

const personName = (p: MonthlyStatistics['people'][number]) => p.name ?? p.email ?? '–'

/** Axes in the page's muted text and border colours, counting whole signatures. */
const axes = () => ({
  ticks: { color: token('--color-text-muted'), precision: 0 },
  grid: { color: token('--color-border') },
})

/** A Chart.js chart on a canvas with an accessible name, made again when `config` changes and removed with it. */
function BarChart({ label, config }: { label: string; config: () => ChartConfiguration<'bar'> }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    const chart = new Chart(canvas.current, config())
    return () => chart.destroy()
  }, [config])
  return (
    <div className={styles.chartBox}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  )
}

/** Signatures per month as bars stacked by quality, in the SPEC §9 colours of the levels. */
function MonthlyChart({
  months,
  locale,
  label,
}: {
  months: MonthlyStatistics['months']
  locale: string
  label: string
}) {
  const config = useCallback(
    (): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: months.map((m) => monthName(m.month, locale)),
        datasets: qualities.map(({ quality, label: name }) => ({
          label: name,
          data: months.map((m) => m[quality]),
          backgroundColor: token(`--color-level-${quality}`),
          maxBarThickness: 56,
        })),
      },
      options: {
        animation: reducedMotion() ? false : undefined,
        maintainAspectRatio: false,
        locale,
        scales: { x: { ...axes(), stacked: true }, y: { ...axes(), stacked: true, beginAtZero: true } },
        plugins: { legend: { position: 'bottom', labels: { color: token('--color-text-muted') } } },
      },
    }),
    [months, locale],
  )
  return <BarChart label={label} config={config} />
}

/** Signatures per person as horizontal bars, the most first. */
function PeopleChart({
  people,
  locale,
  label,
  dataset,
}: {
  people: MonthlyStatistics['people']
  locale: string
  label: string
  dataset: string
}) {
  const config = useCallback(
    (): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: people.map(personName),
        datasets: [
          {
            label: dataset,
            data: people.map((p) => p.signatures),
            backgroundColor: token('--color-primary'),
            maxBarThickness: 32,
          },
        ],
      },
      options: {
        animation: reducedMotion() ? false : undefined,
        indexAxis: 'y',
        maintainAspectRatio: false,
        locale,
        scales: { x: { ...axes(), beginAtZero: true }, y: axes() },
        plugins: { legend: { display: false } },
      },
    }),
    [people, locale, dataset],
  )
  return <BarChart label={label} config={config} />
}

/**
 * The charts of /business/activity: signatures per month by quality (stacked bars) and per person (bars).
 * Each canvas has an accessible name, and a table of the same figures for those who do not see it. Loaded
 * with this screen only (Chart.js is in no other chunk).
 */
export function ActivityCharts({ statistics }: { statistics: MonthlyStatistics }) {
  const { t, i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const charted = useMemo(() => statistics.people.slice(0, chartedPeople), [statistics.people])
  return (
    <div className={styles.charts}>
      <figure className={styles.chart}>
        <figcaption>
          <Trans>Signatures per month, by quality</Trans>
        </figcaption>
        <MonthlyChart
          months={statistics.months}
          locale={locale}
          label={t`Bar chart: signatures per month, by quality`}
        />
        <table className="visually-hidden">
          <caption>
            <Trans>Signatures per month, by quality</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Month</Trans>
              </th>
              {qualities.map(({ quality, label }) => (
                <th key={quality} scope="col">
                  {label}
                </th>
              ))}
              <th scope="col">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {statistics.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, locale)}</th>
                <td>{m.ses}</td>
                <td>{m.aes}</td>
                <td>{m.qes}</td>
                <td>{m.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure className={styles.chart}>
        <figcaption>
          <Trans>Signatures per person</Trans>
        </figcaption>
        {statistics.people.length === 0 ? (
          <p className={styles.note}>
            <Trans>Nobody in your business signed anything in this period.</Trans>
          </p>
        ) : (
          <>
            <PeopleChart
              people={charted}
              locale={locale}
              label={t`Bar chart: signatures per person`}
              dataset={t`Signatures`}
            />
            <table className="visually-hidden">
              <caption>
                <Trans>Signatures per person</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Person</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Signatures</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {statistics.people.map((p) => (
                  <tr key={p.userId}>
                    <th scope="row">{personName(p)}</th>
                    <td>{p.signatures}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </figure>
    </div>
  )
}
