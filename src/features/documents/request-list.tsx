import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, type Ref, useEffect, useRef, useState } from 'react'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { apiUserEmailDomain } from '../../../contract/user.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { RequestStatusBadge } from '../../ui/request/request-status-badge.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import { maySignRequest } from './request-actions.ts'
import styles from './request-list.module.css'

/** Rows the list asks for before the user gets to the end of what it has, so scrolling does not wait. */
const loadAhead = 15

/**
 * The caller's requests as one list however many there are, under their number: only the rows near the view are in the page
 * (the window scrolls them), each says its place in the whole (`aria-posinset` of `aria-setsize`), and the
 * next page is fetched before the user reaches the end of what is loaded.
 */
export function RequestList({
  items,
  total,
  email,
  hasMore,
  loadingMore,
  loadMore,
  busy,
  sentBy,
}: {
  items: SignatureRequestView[]
  /** How many requests match, loaded or not. */
  total: number
  email: string
  /**
   * Others' requests, listed for a business admin: each row says who sent it and opens nothing, as only a
   * request's participants may open it.
   */
  sentBy: boolean
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
  busy: boolean
}) {
  const list = useRef<HTMLUListElement>(null)
  // Where the list starts on the page, which the window's scroll position is measured against. It is read when the
  // page's size changes, once the browser has laid it out (a ResizeObserver calls back after layout), not after every
  // render: a read then lays the page out again in the middle of each scroll. Until then the list counts from the top
  // of the page, which only puts a few more rows above the view.
  const [top, setTop] = useState(0)
  useEffect(() => {
    const element = list.current
    if (!element) return
    const observer = new ResizeObserver(() => setTop(element.getBoundingClientRect().top + window.scrollY))
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 84,
    gap: 8,
    overscan: 6,
    scrollMargin: top,
    getItemKey: (index) => items[index]?.id ?? index,
  })
  const rows = virtualizer.getVirtualItems()
  const lastShown = rows.at(-1)?.index ?? -1
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= items.length - loadAhead) loadMore()
  }, [hasMore, loadingMore, lastShown, items.length, loadMore])

  return (
    <>
      <p className={styles.count}>
        <Plural value={total} one="# request" other="# requests" />
      </p>
      <ul
        ref={list}
        className={styles.list}
        style={{ height: virtualizer.getTotalSize() }}
        aria-busy={busy || loadingMore}
      >
        {rows.map((row) => {
          const request = items[row.index]
          if (request === undefined) return null
          return (
            <RequestItem
              key={row.key}
              ref={virtualizer.measureElement}
              index={row.index}
              total={total}
              offset={row.start - virtualizer.options.scrollMargin}
              request={request}
              email={email}
              sentBy={sentBy}
            />
          )
        })}
      </ul>
      {loadingMore ? (
        <p role="status" className={styles.note}>
          <Trans>Loading more requests…</Trans>
        </p>
      ) : null}
    </>
  )
}

/**
 * A request in the list: its title, when it was made, how many sign it and its status in words, and a
 * way to sign it when the caller's own signature is waiting (the machine decides, see maySignRequest). It renders again
 * only when what it shows changes, not on every scroll of the list.
 */
const RequestItem = memo(function RequestItem({
  ref,
  index,
  total,
  offset,
  request,
  email,
  sentBy,
}: {
  ref: Ref<HTMLLIElement>
  index: number
  total: number
  /** Where the row sits in the list, in pixels from its top. */
  offset: number
  request: SignatureRequestView
  email: string
  sentBy: boolean
}) {
  const { i18n, t } = useLingui()
  const title = request.title
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const signers = request.signaturesCount
  const signed = request.signatures.filter((s) => s.status === 'SIGNED').length
  const waiting = request.signatures.filter((s) => s.status === 'OPEN')
  // A signer group's signature is the caller's when they are of the group, which their signature status tells.
  const own = waiting.some(
    (s) =>
      s.accountEmail.toLowerCase() === email.toLowerCase() ||
      (s.group !== null && request.signatureStatus === 'OPEN'),
  )
  const next = waiting[0] === undefined ? '' : signerLabel(waiting[0])
  const others = waiting.length - 1
  // An API user is known by its username; its account's address is only a placeholder.
  const owner = request.ownerEmail.endsWith(`@${apiUserEmailDomain}`)
    ? request.ownerEmail.slice(0, -apiUserEmailDomain.length - 1)
    : request.ownerEmail
  const content = (
    <>
      <span className={styles.title}>{request.title}</span>
      <span className={styles.meta}>
        {sentBy ? (
          <span>
            <Trans>Sent by {owner}</Trans>
          </span>
        ) : null}
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
        {request.statusOverall === 'DRAFT' ? (
          <span>
            <Plural value={signers} one="# signer" other="# signers" />
          </span>
        ) : (
          <span>
            <Trans>
              {signed} of {signers} signed
            </Trans>
          </span>
        )}
        {request.statusOverall !== 'OPEN' || waiting.length === 0 ? null : own ? (
          <span className={styles.turn}>
            <Trans>Your turn</Trans>
          </span>
        ) : (
          <span>
            {others === 0 ? (
              <Trans>Waiting for {next}</Trans>
            ) : (
              <Plural
                value={others}
                one={`Waiting for ${next} and # other`}
                other={`Waiting for ${next} and # others`}
              />
            )}
          </span>
        )}
      </span>
      <RequestStatusBadge status={request.statusOverall} className={styles.status} />
    </>
  )
  return (
    <li
      ref={ref}
      data-index={index}
      className={styles.item}
      style={{ transform: `translateY(${offset}px)` }}
      aria-posinset={index + 1}
      aria-setsize={total}
    >
      {sentBy ? (
        <div className={styles.link}>{content}</div>
      ) : (
        <Link to="/view/$srid" params={{ srid: request.id }} className={styles.link}>
          {content}
        </Link>
      )}
      {!sentBy && maySignRequest(request, email) ? (
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
})
