import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { filterQuery } from '../../../machines/request-filters/filter-query.ts'
import {
  type RequestFilter,
  requestFilters,
} from '../../../machines/request-filters/request-filters.constants.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { useUser } from '../../api/user.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { RequestStatusBadge } from '../../ui/request/request-status-badge.tsx'
import { requestActions } from './request-actions.ts'
import styles from './request-list.module.css'
import { getSignatureRequestsQueryOptions } from './signature-requests-query.ts'

const route = getRouteApi('/dashboard')

const filterLabels: Record<RequestFilter, MessageDescriptor> = {
  all: msg`All`,
  toSign: msg`To sign`,
  pending: msg`Pending`,
  declined: msg`Declined`,
  completed: msg`Completed`,
}

const emptyMessages: Record<RequestFilter, MessageDescriptor> = {
  all: msg`There are no requests yet.`,
  toSign: msg`There are no requests for you to sign yet.`,
  pending: msg`There are no pending requests yet.`,
  declined: msg`There are no declined requests yet.`,
  completed: msg`There are no completed requests yet.`,
}

/**
 * A request in the list: its title, when it was made, how many sign it and its status in words, and a
 * way to sign it when the caller's own signature is waiting (the machine decides, see requestActions).
 */
function RequestItem({ request, email }: { request: SignatureRequestView; email: string }) {
  const { i18n, t } = useLingui()
  const title = request.title
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const signers = request.signaturesCount
  return (
    <li className={styles.item}>
      <Link to="/view/$srid" params={{ srid: request.id }} className={styles.link}>
        <span className={styles.title}>{request.title}</span>
        <span className={styles.meta}>
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
          <span>
            <Plural value={signers} one="# signer" other="# signers" />
          </span>
        </span>
        <RequestStatusBadge status={request.statusOverall} className={styles.status} />
      </Link>
      {requestActions(request, email).sign ? (
        <Link
          to="/view/$srid"
          params={{ srid: request.id }}
          className={`${buttonClass({ size: 'sm' })} ${styles.sign}`}
          aria-label={t`Sign ${title}`}
        >
          <Trans>Sign</Trans>
        </Link>
      ) : null}
    </li>
  )
}

const searchDelayMs = 250

/** `value`, once it has stayed the same for `delayMs`. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

/** /dashboard (SPEC §4): the caller's signature requests by filter, searchable by title and paged. */
export function RequestListScreen() {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const searchId = useId()
  const { data: user } = useUser(api)
  const page = search.page
  // Typed text lives here so keys are never lost while the URL catches up; the URL keeps it for reloads.
  const [q, setQ] = useState(search.q ?? '')
  // The server searches once typing pauses, not on every key.
  const title = useDebouncedValue(q.trim(), searchDelayMs)
  const list = useQuery({
    ...getSignatureRequestsQueryOptions(api, filterQuery(search.filter, user?.email ?? ''), page - 1, title),
    enabled: user !== undefined,
  })
  const items = list.data?.items ?? []
  const total = list.data?.total ?? 0
  const size = list.data?.size ?? 1
  const pages = Math.max(1, Math.ceil(total / size))

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          <Trans>Your signature requests</Trans>
        </h1>
        <Link to="/upload" className={buttonClass({})}>
          <Trans>New request</Trans>
        </Link>
      </header>
      <nav aria-label={t`Filter requests`} className={styles.tabs}>
        <ul>
          {requestFilters.map((filter) => (
            <li key={filter}>
              <Link
                to="/dashboard"
                search={{ filter, q: search.q }}
                className={styles.tab}
                aria-current={filter === search.filter ? 'page' : undefined}
              >
                {i18n._(filterLabels[filter])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search className={styles.search}>
        <label htmlFor={searchId}>
          <Trans>Search by title</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value)
            // A new search starts on its first page.
            void navigate({
              search: (prev) => ({ ...prev, q: e.target.value || undefined, page: undefined }),
              replace: true,
            })
          }}
        />
      </search>
      {list.error ? (
        <FormAlert>{i18n._(errorMessage(errorCode(list.error)))}</FormAlert>
      ) : !list.data ? (
        <p role="status" className={styles.note}>
          <Trans>Loading your requests…</Trans>
        </p>
      ) : items.length === 0 ? (
        <p role="status" className={styles.note}>
          {title ? <Trans>No request matches your search.</Trans> : i18n._(emptyMessages[search.filter])}
        </p>
      ) : (
        <ul className={styles.list} aria-busy={list.isFetching}>
          {items.map((request) => (
            <RequestItem key={request.id} request={request} email={user?.email ?? ''} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={t`Pages`} className={styles.paging}>
          {page > 1 ? (
            <Link
              to="/dashboard"
              search={{ ...search, page: page - 1 }}
              className={buttonClass({ variant: 'secondary' })}
            >
              <Trans>Previous</Trans>
            </Link>
          ) : null}
          <span>{i18n._(msg`Page ${page} of ${pages}`)}</span>
          {page < pages ? (
            <Link
              to="/dashboard"
              search={{ ...search, page: page + 1 }}
              className={buttonClass({ variant: 'secondary' })}
            >
              <Trans>Next</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
