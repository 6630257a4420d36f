import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import {
  appliedRequestFilter,
  filterQuery,
  type ListAccount,
  listAccountOf,
  offeredRequestFilters,
} from '../../../machines/request-filters/filter-query.ts'
import type { RequestFilter } from '../../../machines/request-filters/request-filters.constants.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { useUser } from '../../api/user.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { useRelationshipSurvey } from '../surveys/ask-survey.ts'
import styles from './request-list.module.css'
import { RequestList } from './request-list.tsx'
import { getSignatureRequestsQueryOptions } from './signature-requests-query.ts'

const route = getRouteApi('/dashboard')

const filterLabels: Record<RequestFilter, MessageDescriptor> = {
  all: msg`All`,
  toSign: msg`To sign`,
  pending: msg`Pending`,
  declined: msg`Declined`,
  completed: msg`Completed`,
  expired: msg`Expired`,
  api: msg`API requests`,
}

const emptyMessages: Record<RequestFilter, MessageDescriptor> = {
  all: msg`There are no requests yet.`,
  toSign: msg`There are no requests for you to sign yet.`,
  pending: msg`There are no pending requests yet.`,
  declined: msg`There are no declined requests yet.`,
  completed: msg`There are no completed requests yet.`,
  expired: msg`There are no expired requests.`,
  api: msg`Your business’s API users have sent no requests yet.`,
}

/** Until the user is known, nobody's list: no filter beyond the default, nothing asked. */
const nobody: ListAccount = { email: '', adminOf: null }

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

/**
 * /dashboard (SPEC §4): the caller's signature requests by filter, searchable by title, in one list that
 * loads more as it scrolls.
 */
export function RequestListScreen() {
  const { i18n, t } = useLingui()
  const { api, queryClient, ui } = useRouteContext({ from: '__root__' })
  useRelationshipSurvey({ api, queryClient, ui })
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const searchId = useId()
  const { data: user } = useUser(api)
  const account = user === undefined ? nobody : listAccountOf(user)
  const filter = appliedRequestFilter(search.filter, account)
  // Typed text lives here so keys are never lost while the URL catches up; the URL keeps it for reloads.
  const [q, setQ] = useState(search.q ?? '')
  // The server searches once typing pauses, not on every key.
  const title = useDebouncedValue(q.trim(), searchDelayMs)
  const list = useInfiniteQuery({
    ...getSignatureRequestsQueryOptions(api, filterQuery(filter, account), title),
    enabled: user !== undefined,
  })
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const total = list.data?.pages[0]?.total ?? 0

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          <Trans>Your signature requests</Trans>
        </h1>
        <div className={styles.headerActions}>
          <Link to="/templates" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Templates</Trans>
          </Link>
          <Link to="/upload" className={buttonClass({})}>
            <Trans>New request</Trans>
          </Link>
        </div>
      </header>
      <nav aria-label={t`Filter requests`} className={styles.tabs}>
        <ul>
          {offeredRequestFilters(account).map((offered) => (
            <li key={offered}>
              <Link
                to="/dashboard"
                search={{ filter: offered, q: search.q }}
                className={styles.tab}
                aria-current={offered === filter ? 'page' : undefined}
              >
                {i18n._(filterLabels[offered])}
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
            void navigate({
              search: (prev) => ({ ...prev, q: e.target.value || undefined }),
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
      ) : items.length === 0 && !title && filter === 'all' ? (
        // A new account's first screen: what to do first, not only that there is nothing.
        <section className={styles.empty} aria-labelledby="empty-heading">
          <h2 id="empty-heading">
            <Trans>Your first document</Trans>
          </h2>
          <p role="status">
            <Trans>
              Upload a PDF to sign it yourself or to ask others to sign it. Requests you send and receive
              appear here.
            </Trans>
          </p>
          <Link to="/upload" className={buttonClass({ size: 'lg' })}>
            <Trans>Upload a document</Trans>
          </Link>
        </section>
      ) : items.length === 0 ? (
        <p role="status" className={styles.note}>
          {title ? <Trans>No request matches your search.</Trans> : i18n._(emptyMessages[filter])}
        </p>
      ) : (
        <RequestList
          items={items}
          total={total}
          email={account.email}
          sentBy={filter === 'api'}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          loadMore={() => void list.fetchNextPage()}
          busy={list.isFetching && !list.isFetchingNextPage}
        />
      )}
    </div>
  )
}
