import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { Button } from '../button/button.tsx'
import styles from './document-viewer.module.css'
import { PageThumbnail, PageView, pageElementId } from './page-view.tsx'
import type { LoadPage, LoadPageText } from './use-page-image.tsx'
import { defaultZoom, imageScaleFor, stepZoom, type ZoomLevel, zoomLevels } from './zoom.ts'

/** Props of the document viewer. */
export interface DocumentViewerProps {
  /** The documents to show, one after the other. */
  documents: DocumentInfo[]
  /**
   * Fetches one page image with the caller's credentials. It rejects with an error carrying the HTTP
   * `status` (and `retryAfterSeconds` on a 503), as `ApiError` does; a 202 or an empty image means the
   * page is still being rendered and is asked for again (SPEC §8).
   */
  loadPage: LoadPage
  /** What is drawn over one page (signature fields), in a layer of the page's size. */
  pageOverlay?: (document: DocumentInfo, page: number) => ReactNode
  /** Loads a page's text, given to screen readers beside the page's picture. */
  loadText?: LoadPageText
}

type PageRef = { documentId: string; page: number }

/** The page numbers of a document, from 0. */
const pageNumbers = (count: number) => Array.from({ length: count }, (_, page) => page)

const editable = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

/** Scrolls the thumbnail strip (not the page) so that the thumbnail of `key` is in sight. */
function revealThumbnail(strip: HTMLElement | null, key: string) {
  const thumbnail = strip?.querySelector<HTMLElement>(`[data-thumbnail="${key}"]`)
  if (!strip || !thumbnail) return
  const vertical = strip.scrollHeight > strip.clientHeight
  const start = vertical ? thumbnail.offsetTop : thumbnail.offsetLeft
  const size = vertical ? thumbnail.offsetHeight : thumbnail.offsetWidth
  const scrolled = vertical ? strip.scrollTop : strip.scrollLeft
  const visible = vertical ? strip.clientHeight : strip.clientWidth
  if (start >= scrolled && start + size <= scrolled + visible) return
  const target = Math.max(0, start - (visible - size) / 2)
  if (vertical) strip.scrollTop = target
  else strip.scrollLeft = target
}

/**
 * The pages of one or more documents as images (SPEC §2 document viewer): thumbnails in a side strip that
 * collapses on a phone, pages loaded once they come near the view, zoom by buttons and by keyboard
 * (+, - and 0 anywhere in the viewer; the arrow keys move between thumbnails).
 */
export function DocumentViewer({ documents, loadPage, pageOverlay, loadText }: DocumentViewerProps) {
  const { t } = useLingui()
  const [zoom, setZoom] = useState<ZoomLevel>(defaultZoom)
  const [current, setCurrent] = useState<PageRef | null>(null)
  const [stripOpen, setStripOpen] = useState(false)
  const pagesRef = useRef<HTMLElement>(null)
  const stripRef = useRef<HTMLElement>(null)
  const stripId = useId()
  const scale = imageScaleFor(zoom)

  // The page that fills most of the view is the current one; its thumbnail is marked and kept in sight.
  useEffect(() => {
    const pages = pagesRef.current
    if (pages === null || typeof IntersectionObserver === 'undefined') return
    const ratios = new Map<string, number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          ratios.set(entry.target.getAttribute('data-page') ?? '', entry.intersectionRatio)
        const [key] = [...ratios].reduce((best, next) => (next[1] > best[1] ? next : best), ['', 0])
        const [documentId = '', page = ''] = key.split('/')
        if (documentId !== '') {
          setCurrent({ documentId, page: Number(page) })
          revealThumbnail(stripRef.current, key)
        }
      },
      { root: pages, threshold: [0.1, 0.3, 0.5, 0.7, 0.9] },
    )
    for (const doc of documents) {
      for (const page of pageNumbers(doc.pageCount)) {
        const element = pages.querySelector(`[data-page="${doc.id}/${page}"]`)
        if (element) observer.observe(element)
      }
    }
    return () => observer.disconnect()
  }, [documents])

  const show = (target: PageRef) => {
    setCurrent(target)
    document
      .getElementById(pageElementId(target.documentId, target.page))
      ?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || editable(event.target)) return
    if (event.key === '+' || event.key === '=') setZoom((z) => stepZoom(z, 1))
    else if (event.key === '-') setZoom((z) => stepZoom(z, -1))
    else if (event.key === '0') setZoom(defaultZoom)
    else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && event.target instanceof HTMLElement) {
      if (!event.target.hasAttribute('data-thumbnail')) return
      const thumbnails = [...(stripRef.current?.querySelectorAll<HTMLElement>('[data-thumbnail]') ?? [])]
      const next = thumbnails[thumbnails.indexOf(event.target) + (event.key === 'ArrowDown' ? 1 : -1)]
      next?.focus()
    } else return
    event.preventDefault()
  }

  return (
    <section className={styles.viewer} aria-label={t`Document viewer`} onKeyDown={onKeyDown}>
      <div className={styles.toolbar} role="toolbar" aria-label={t`Page view`}>
        <Button
          variant="secondary"
          size="sm"
          className={styles.stripToggle}
          aria-expanded={stripOpen}
          aria-controls={stripId}
          onClick={() => setStripOpen((open) => !open)}
        >
          {stripOpen ? <Trans>Hide pages</Trans> : <Trans>Show pages</Trans>}
        </Button>
        <div className={styles.zoom}>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t`Zoom out`}
            title={t`Zoom out (-)`}
            disabled={zoom === zoomLevels[0]}
            onClick={() => setZoom((z) => stepZoom(z, -1))}
          >
            <span aria-hidden="true">−</span>
          </Button>
          <output className={styles.zoomLevel} aria-live="polite" aria-label={t`Zoom`}>
            {zoom} %
          </output>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t`Zoom in`}
            title={t`Zoom in (+)`}
            disabled={zoom === zoomLevels[zoomLevels.length - 1]}
            onClick={() => setZoom((z) => stepZoom(z, 1))}
          >
            <span aria-hidden="true">+</span>
          </Button>
          <Button
            variant="text"
            size="sm"
            disabled={zoom === defaultZoom}
            onClick={() => setZoom(defaultZoom)}
          >
            <Trans>Fit width</Trans>
          </Button>
        </div>
      </div>
      <div className={styles.body}>
        <nav ref={stripRef} id={stripId} className={styles.strip} data-open={stripOpen} aria-label={t`Pages`}>
          {documents.map((doc) => (
            <div key={doc.id} className={styles.stripDocument}>
              {documents.length > 1 ? <p className={styles.stripTitle}>{doc.title}</p> : null}
              <ol className={styles.thumbnails}>
                {pageNumbers(doc.pageCount).map((page) => (
                  <li key={page}>
                    <PageThumbnail
                      document={doc}
                      page={page}
                      current={current?.documentId === doc.id && current.page === page}
                      loadPage={loadPage}
                      scrollRoot={stripRef}
                      onSelect={() => show({ documentId: doc.id, page })}
                    />
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </nav>
        {/* The pages scroll on their own; the scroll area takes focus so a keyboard can scroll it too. */}
        <section
          ref={pagesRef}
          className={styles.pages}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={t`Document pages`}
        >
          {documents.map((doc) => (
            <section key={doc.id} className={styles.document} aria-label={doc.title}>
              {documents.length > 1 ? <h3 className={styles.documentTitle}>{doc.title}</h3> : null}
              {pageNumbers(doc.pageCount).map((page) => (
                <PageView
                  key={page}
                  document={doc}
                  page={page}
                  scale={scale}
                  zoom={zoom}
                  loadPage={loadPage}
                  scrollRoot={pagesRef}
                  overlay={pageOverlay?.(doc, page)}
                  loadText={loadText}
                />
              ))}
            </section>
          ))}
        </section>
      </div>
    </section>
  )
}
