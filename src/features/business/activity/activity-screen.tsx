import { Tabs } from '@ark-ui/react/tabs'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useRouteContext } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import {
  type ActivityExport,
  type ActivityRange,
  type ActivityTab,
  maxActivityDays,
  resolveActivityRange,
  type SignatureExportGrouping,
  utcDay,
} from '../../../../contract/activity.ts'
import type { Business } from '../../../../contract/businesses.ts'
import { fetchActivityExport, monthlyStatisticsQueryOptions } from '../../../api/activity.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { Button } from '../../../ui/button/button.tsx'
import { saveFile } from '../../../ui/file/save-file.ts'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { useSeen } from '../../../ui/use-seen.ts'
import { businessErrorMessage } from '../business-messages.ts'
import { BusinessPage } from '../business-page.tsx'
import styles from './activity.module.css'
import { AccountsList, IdentificationsList, KeyUsesList, SignaturesList } from './activity-lists.tsx'
import { DateRangeForm } from './date-range-form.tsx'

const route = getRouteApi('/business/activity')

// Chart.js comes with the charts, after the lists: no other screen loads it.
const ActivityCharts = lazy(() =>
  import('./activity-charts.tsx').then((m) => ({ default: m.ActivityCharts })),
)

/** The CSV downloads of a list, each named as SPEC §9 says. */
function ExportButtons({
  businessId,
  range,
  exports,
}: {
  businessId: string
  range: ActivityRange | undefined
  exports: { list: ActivityExport; groupBy?: SignatureExportGrouping; label: ReactNode }[]
}) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const download = async (list: ActivityExport, groupBy?: SignatureExportGrouping) => {
    if (!range) return
    setBusy(true)
    setError(undefined)
    try {
      const { file, name } = await fetchActivityExport(api, businessId, list, range, groupBy)
      saveFile(file, name)
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <div className={styles.toolbar}>
        {exports.map(({ list, groupBy, label }) => (
          <Button
            key={`${list}-${groupBy ?? ''}`}
            variant="secondary"
            disabled={!range || busy}
            onClick={() => void download(list, groupBy)}
          >
            {label}
          </Button>
        ))}
      </div>
      {error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert> : null}
    </>
  )
}

function Activity({ business }: { business: Business }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const asked = { startDate: search.start_date, endDate: search.end_date }
  // The figures of the charts; their answer also says which range the server applied when none was asked.
  const statistics = useQuery(monthlyStatisticsQueryOptions(api, business.id, asked))
  // The charts (Chart.js, and drawing them) come when their card nears the screen: they are below the lists, and
  // a visit that never scrolls to them need not load nor draw them while its first screen is shown.
  const chartsSection = useRef<HTMLElement>(null)
  const chartsNear = useSeen(chartsSection, undefined, '300px 0px')
  // A period the server refuses (an address written by hand) stays in the form, to be put right there.
  const asWritten = { startDate: search.start_date ?? '', endDate: search.end_date ?? '' }
  const known = statistics.data
    ? { startDate: statistics.data.startDate, endDate: statistics.data.endDate }
    : statistics.error
      ? asWritten
      : undefined
  // While a new range loads, the old one shows, and nothing exports until the new one is known.
  const range = statistics.isPlaceholderData ? undefined : known
  // Before the first answer the form shows the range the server will apply (its default counted from this
  // browser's day), so that the lists below do not move down when the answer comes.
  const expected = resolveActivityRange(search, utcDay(new Date()))
  const shown = known ?? (expected.ok ? expected.range : asWritten)
  const changeTab = (tab: ActivityTab) =>
    void navigate({ search: (prev) => ({ ...prev, tab, page: undefined, sort: undefined }), replace: true })
  const applyRange = (next: ActivityRange) =>
    void navigate({
      search: (prev) => ({ ...prev, start_date: next.startDate, end_date: next.endDate, page: undefined }),
    })

  return (
    <>
      <DateRangeForm key={`${shown.startDate}/${shown.endDate}`} range={shown} onApply={applyRange} />
      {statistics.error ? (
        <FormAlert>
          {errorCode(statistics.error) === 'request.invalid'
            ? t`This period cannot be shown. Choose at most ${maxActivityDays} days, the last one not before the first.`
            : i18n._(businessErrorMessage(errorCode(statistics.error)))}
        </FormAlert>
      ) : null}
      <Tabs.Root
        className={styles.tabs}
        value={search.tab}
        onValueChange={({ value }) => changeTab(value as ActivityTab)}
        lazyMount
        unmountOnExit
      >
        <Tabs.List className={styles.tabList} aria-label={t`Activity`}>
          <Tabs.Trigger className={styles.tab} value="signatures">
            <Trans>Signatures</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.tab} value="accounts">
            <Trans>People</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.tab} value="identifications">
            <Trans>Identifications</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.tab} value="keys">
            <Trans>API keys</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className={styles.panel} value="signatures">
          <ExportButtons
            businessId={business.id}
            range={range}
            exports={[
              { list: 'signatures', label: <Trans>Export signatures (CSV)</Trans> },
              { list: 'signatures', groupBy: 'member', label: <Trans>Cost centre report (CSV)</Trans> },
            ]}
          />
          <SignaturesList businessId={business.id} />
        </Tabs.Content>
        <Tabs.Content className={styles.panel} value="accounts">
          <AccountsList businessId={business.id} />
        </Tabs.Content>
        <Tabs.Content className={styles.panel} value="identifications">
          <ExportButtons
            businessId={business.id}
            range={range}
            exports={[{ list: 'identifications', label: <Trans>Export identifications (CSV)</Trans> }]}
          />
          <IdentificationsList businessId={business.id} />
        </Tabs.Content>
        <Tabs.Content className={styles.panel} value="keys">
          <KeyUsesList businessId={business.id} />
        </Tabs.Content>
      </Tabs.Root>
      <section ref={chartsSection} className={styles.card} aria-labelledby="activity-charts-heading">
        <h2 id="activity-charts-heading">
          <Trans>Statistics</Trans>
        </h2>
        {statistics.data && chartsNear ? (
          <Suspense
            fallback={
              <p role="status" className={styles.note}>
                <Trans>Loading the charts…</Trans>
              </p>
            }
          >
            <ActivityCharts statistics={statistics.data} />
          </Suspense>
        ) : null}
      </section>
    </>
  )
}

/** /business/activity: who in the business sent and signed what, as lists, CSV exports and charts. */
export function ActivityScreen() {
  return (
    <BusinessPage
      title={<Trans>Activity</Trans>}
      lead={<Trans>What the people of your business signed and sent, and when.</Trans>}
    >
      {(business) => <Activity business={business} />}
    </BusinessPage>
  )
}
