import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import {
  type AccountActivity,
  type ActivityPersonKind,
  type ActivityTab,
  defaultActivityPageSize,
  defaultActivitySort,
  type IdentificationActivity,
  type KeyUseActivity,
  parseActivitySort,
  type SignatureActivity,
} from '../../../../contract/activity.ts'
import type { SignatureQuality } from '../../../../contract/signature-qualities.ts'
import { type ActivityListQuery, activityQueryOptions } from '../../../api/activity.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { formatDateTime, resolveLocale } from '../../../i18n/locales.ts'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { Tooltip } from '../../../ui/tooltip/tooltip.tsx'
import { businessErrorMessage } from '../business-messages.ts'
import styles from './activity.module.css'
import type { ActivitySearch } from './activity-search.ts'
import { type ActivityColumn, ActivityTable } from './activity-table.tsx'

const route = getRouteApi('/business/activity')

/** The sort and page of list `tab` that the address asks for (the list's default sort when it names none). */
function activityListOf(tab: ActivityTab, search: ActivitySearch) {
  const sort = parseActivitySort(tab, search.sort ?? '') ?? parseActivitySort(tab, defaultActivitySort[tab])
  if (sort === undefined) throw new Error(`no default sort of ${tab}`)
  return { sort, page: search.page ?? 0 }
}

/** What the list of `tab` asks the server for, as the address says: its page, sort and range. */
export function activityListQuery(tab: ActivityTab, search: ActivitySearch): ActivityListQuery {
  const { sort, page } = activityListOf(tab, search)
  return {
    page,
    size: defaultActivityPageSize,
    sort: `${sort.column},${sort.direction}`,
    startDate: search.start_date,
    endDate: search.end_date,
  }
}

const qualityNames: Record<SignatureQuality, string> = { ses: 'SES', aes: 'AES', qes: 'QES' }
const qualityMeanings: Record<SignatureQuality, MessageDescriptor> = {
  ses: msg`Simple electronic signature`,
  aes: msg`Advanced electronic signature`,
  qes: msg`Qualified electronic signature`,
}

/** The quality's short name; what it stands for shows in a tooltip, on hover or focus. */
function Quality({ quality }: { quality: SignatureQuality }) {
  const { i18n } = useLingui()
  return (
    <Tooltip content={i18n._(qualityMeanings[quality])}>
      <button type="button" className={styles.quality} data-quality={quality}>
        {qualityNames[quality]}
      </button>
    </Tooltip>
  )
}

function Kind({ kind }: { kind: ActivityPersonKind }) {
  return kind === 'admin' ? (
    <Trans>Admin</Trans>
  ) : kind === 'member' ? (
    <Trans>Member</Trans>
  ) : kind === 'api' ? (
    <Trans>API user</Trans>
  ) : (
    <Trans>Former member</Trans>
  )
}

/** A cell that may have nothing to show: a dash for the eye, "none" for a screen reader. */
function OrNone({ children }: { children: ReactNode }) {
  if (children !== null && children !== undefined && children !== '') return <>{children}</>
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">
        <Trans>none</Trans>
      </span>
    </>
  )
}

/** The page of list `tab` that the address asks for, and how to move to another page or sort. */
function useActivityList<T extends ActivityTab>(tab: T, businessId: string) {
  const { api } = useRouteContext({ from: '__root__' })
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { sort, page } = activityListOf(tab, search)
  const query = useQuery(activityQueryOptions(api, businessId, tab, activityListQuery(tab, search)))
  return {
    query,
    table: {
      sort,
      page,
      size: defaultActivityPageSize,
      busy: query.isPlaceholderData,
      onSort: (next: { column: string; direction: 'asc' | 'desc' }) =>
        void navigate({
          search: (prev) => ({ ...prev, sort: `${next.column},${next.direction}`, page: undefined }),
          replace: true,
        }),
      onPage: (next: number) =>
        void navigate({
          search: (prev) => ({ ...prev, page: next === 0 ? undefined : next }),
          replace: true,
        }),
    },
  }
}

/** A page of a list, or why there is none to show. */
function ListState<Page extends { total: number }>({
  query,
  empty,
  children,
}: {
  query: { data?: Page; error: unknown }
  empty: ReactNode
  children: (page: Page) => ReactNode
}) {
  const { i18n } = useLingui()
  // A refused period is said once, at the period's form above the lists.
  if (errorCode(query.error) === 'request.invalid') return null
  if (query.error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(query.error)))}</FormAlert>
  if (!query.data)
    return (
      <p role="status" className={styles.note}>
        <Trans>Loading…</Trans>
      </p>
    )
  if (query.data.total === 0) return <div className={styles.empty}>{empty}</div>
  return <>{children(query.data)}</>
}

/** The business's people with what they sent and signed in the range. */
export function AccountsList({ businessId }: { businessId: string }) {
  const { t, i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { query, table } = useActivityList('accounts', businessId)
  const columns: ActivityColumn<AccountActivity>[] = [
    { sort: 'name', label: t`Name`, first: 'asc', cell: (p) => <OrNone>{p.name}</OrNone> },
    { sort: 'email', label: t`E-mail`, first: 'asc', cell: (p) => <OrNone>{p.email}</OrNone> },
    { sort: 'kind', label: t`Role`, first: 'asc', cell: (p) => <Kind kind={p.kind} /> },
    { sort: 'joined_at', label: t`Joined`, first: 'desc', cell: (p) => formatDateTime(p.joinedAt, locale) },
    {
      sort: 'requests_sent',
      label: t`Requests sent`,
      first: 'desc',
      numeric: true,
      cell: (p) => p.requestsSent,
    },
    {
      sort: 'signatures_made',
      label: t`Signatures`,
      first: 'desc',
      numeric: true,
      cell: (p) => p.signaturesMade,
    },
  ]
  return (
    <ListState
      query={query}
      empty={
        <p>
          <Trans>Nobody belongs to this business yet.</Trans>
        </p>
      }
    >
      {(page) => (
        <ActivityTable
          label={t`People`}
          columns={columns}
          rows={page.items}
          rowKey={(p) => p.userId}
          total={page.total}
          {...table}
        />
      )}
    </ListState>
  )
}

/** The signatures the business's people gave in the range. */
export function SignaturesList({ businessId }: { businessId: string }) {
  const { t, i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { query, table } = useActivityList('signatures', businessId)
  const columns: ActivityColumn<SignatureActivity>[] = [
    { sort: 'signed_at', label: t`Signed`, first: 'desc', cell: (s) => formatDateTime(s.signedAt, locale) },
    { sort: 'signer_name', label: t`Signer`, first: 'asc', cell: (s) => <OrNone>{s.signerName}</OrNone> },
    { sort: 'signer_email', label: t`E-mail`, first: 'asc', cell: (s) => <OrNone>{s.signerEmail}</OrNone> },
    {
      sort: 'title',
      label: t`Request`,
      first: 'asc',
      cell: (s) => s.title ?? <span className={styles.deleted}>{t`Deleted`}</span>,
    },
    { sort: 'quality', label: t`Quality`, first: 'desc', cell: (s) => <Quality quality={s.quality} /> },
    { sort: 'seal_name', label: t`Seal`, first: 'asc', cell: (s) => <OrNone>{s.sealName}</OrNone> },
  ]
  return (
    <ListState
      query={query}
      empty={
        <p>
          <Trans>Nobody in your business signed anything in this period.</Trans>
        </p>
      }
    >
      {(page) => (
        <ActivityTable
          label={t`Signatures`}
          columns={columns}
          rows={page.items}
          rowKey={(s) => s.id}
          total={page.total}
          {...table}
        />
      )}
    </ListState>
  )
}

/** The method as the wire writes it (`zertes video`), in words. */
function IdentificationMethod({ method }: { method: string }) {
  const { t } = useLingui()
  const [provider, mode] = method.split(' ')
  const providers: Record<string, string> = { eidas: 'eIDAS', zertes: 'ZertES', austria: 'ID Austria' }
  const modes: Record<string, string> = {
    video: t`video identification`,
    robo: t`self identification`,
    autoident: t`automatic identification`,
    eid: t`national eID`,
  }
  const providerName = provider === undefined ? undefined : providers[provider]
  const modeName = mode === undefined ? undefined : modes[mode]
  if (providerName === undefined || modeName === undefined) return <>{method}</>
  return <>{t`${providerName}, ${modeName}`}</>
}

/** The identifications of the business's people in the range. */
export function IdentificationsList({ businessId }: { businessId: string }) {
  const { t, i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { query, table } = useActivityList('identifications', businessId)
  const columns: ActivityColumn<IdentificationActivity>[] = [
    {
      sort: 'identified_at',
      label: t`Identified`,
      first: 'desc',
      cell: (i) => formatDateTime(i.identifiedAt, locale),
    },
    { sort: 'name', label: t`Name`, first: 'asc', cell: (i) => <OrNone>{i.name}</OrNone> },
    { sort: 'email', label: t`E-mail`, first: 'asc', cell: (i) => <OrNone>{i.email}</OrNone> },
    {
      sort: 'method',
      label: t`Method`,
      first: 'asc',
      cell: (i) => <IdentificationMethod method={i.method} />,
    },
  ]
  return (
    <ListState
      query={query}
      empty={
        <>
          <p>
            <Trans>No identifications in this period.</Trans>
          </p>
          <p className={styles.note}>
            <Trans>
              When people of your business verify their identity to sign with a higher quality, each
              identification is listed here.
            </Trans>
          </p>
        </>
      }
    >
      {(page) => (
        <ActivityTable
          label={t`Identifications`}
          columns={columns}
          rows={page.items}
          rowKey={(i) => i.id}
          total={page.total}
          {...table}
        />
      )}
    </ListState>
  )
}

/** Every call the business's API users made with their keys in the range, refused ones too. */
export function KeyUsesList({ businessId }: { businessId: string }) {
  const { t, i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { query, table } = useActivityList('keys', businessId)
  const columns: ActivityColumn<KeyUseActivity>[] = [
    { sort: 'used_at', label: t`When`, first: 'desc', cell: (u) => formatDateTime(u.usedAt, locale) },
    { sort: 'username', label: t`API user`, first: 'asc', cell: (u) => u.username },
    { sort: 'method', label: t`Method`, first: 'asc', cell: (u) => u.method },
    { sort: 'route', label: t`Call`, first: 'asc', cell: (u) => <code>{u.route}</code> },
    { sort: 'status', label: t`Answer`, first: 'desc', numeric: true, cell: (u) => u.status },
  ]
  return (
    <ListState
      query={query}
      empty={
        <>
          <p>
            <Trans>No API key was used in this period.</Trans>
          </p>
          <p className={styles.note}>
            <Trans>
              Each call an API user of your business makes with its key is listed here, refused ones too.
            </Trans>
          </p>
        </>
      }
    >
      {(page) => (
        <ActivityTable
          label={t`API key use`}
          columns={columns}
          rows={page.items}
          rowKey={(u) => u.id}
          total={page.total}
          {...table}
        />
      )}
    </ListState>
  )
}
