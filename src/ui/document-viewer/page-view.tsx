import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, type RefObject, useId, useRef } from 'react'
import { type DocumentInfo, thumbnailPageScale } from '../../../contract/documents.ts'
import { Button } from '../button/button.tsx'
import { useSeen } from '../use-seen.ts'
import styles from './document-viewer.module.css'
import { type LoadPage, type LoadPageText, usePageImage } from './use-page-image.tsx'

/** The id of a page's element, so a thumbnail can bring it into view. */
export function pageElementId(documentId: string, page: number): string {
  return `page-${documentId}-${page}`
}

/** One page at full size: a box of the page's proportions that fills with its image once near the view. */
export function PageView({
  document,
  page,
  scale,
  zoom,
  loadPage,
  scrollRoot,
  overlay,
  loadText,
}: {
  document: DocumentInfo
  page: number
  scale: number
  zoom: number
  loadPage: LoadPage
  scrollRoot: RefObject<HTMLElement | null>
  /** The page's text for screen readers, read beside its image. */
  loadText?: LoadPageText
  /** Drawn over the page, in a layer of the page's size (signature fields). */
  overlay?: ReactNode
}) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  const seen = useSeen(box, scrollRoot)
  // Once signed, the pages show the signed version, with the signatures drawn.
  const version = document.signedSha256 ?? undefined
  const { state, retry, host } = usePageImage(loadPage, document.id, page, scale, seen, version)
  const textId = useId()
  const text = useQuery({
    queryKey: ['page-text', document.id, page],
    queryFn: ({ signal }) => (loadText ? loadText(document.id, page, signal) : ''),
    enabled: seen && loadText !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })
  const pageText = text.data?.trim() ?? ''
  const size = document.pageSizes[page] ?? { width: 595, height: 842 }
  const number = page + 1
  const count = document.pageCount
  const title = document.title
  return (
    <div
      ref={box}
      id={pageElementId(document.id, page)}
      data-page={`${document.id}/${page}`}
      className={styles.page}
      style={{ width: `${zoom}%`, aspectRatio: `${size.width} / ${size.height}` }}
      aria-busy={state.status === 'loading'}
    >
      {state.status === 'loaded' ? (
        <img
          src={state.url}
          alt={t`Page ${number} of ${count} of ${title}`}
          aria-describedby={pageText ? textId : undefined}
          className={styles.image}
        />
      ) : state.status === 'failed' ? (
        <div className={styles.pageFailed}>
          <p>
            <Trans>Page {number} could not be loaded.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <span className={styles.pending}>
          <span className="visually-hidden">
            <Trans>Loading page {number}…</Trans>
          </span>
        </span>
      )}
      {pageText ? (
        // The words of the page, for those who cannot see its picture.
        <div id={textId} className={`visually-hidden ${styles.pageText}`}>
          {pageText}
        </div>
      ) : null}
      {overlay}
      {host}
    </div>
  )
}

/** A page's thumbnail (scale 20) inside the button that brings the page into view. */
export function PageThumbnail({
  document,
  page,
  current,
  loadPage,
  scrollRoot,
  onSelect,
}: {
  document: DocumentInfo
  page: number
  current: boolean
  loadPage: LoadPage
  scrollRoot: RefObject<HTMLElement | null>
  onSelect: () => void
}) {
  const { t } = useLingui()
  const button = useRef<HTMLButtonElement>(null)
  const seen = useSeen(button, scrollRoot, '300px')
  const { state, host } = usePageImage(
    loadPage,
    document.id,
    page,
    thumbnailPageScale,
    seen,
    document.signedSha256 ?? undefined,
  )
  const size = document.pageSizes[page] ?? { width: 595, height: 842 }
  const number = page + 1
  return (
    <button
      ref={button}
      type="button"
      className={styles.thumbnail}
      aria-current={current ? 'page' : undefined}
      aria-label={t`Page ${number}`}
      onClick={onSelect}
      data-thumbnail={`${document.id}/${page}`}
    >
      <span className={styles.thumbnailImage} style={{ aspectRatio: `${size.width} / ${size.height}` }}>
        {state.status === 'loaded' ? <img src={state.url} alt="" /> : null}
      </span>
      <span className={styles.thumbnailNumber} aria-hidden="true">
        {number}
      </span>
      {host}
    </button>
  )
}
