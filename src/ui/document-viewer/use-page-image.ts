import { useCallback, useEffect, useRef, useState } from 'react'
import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { pageLoadingMachine } from '../../../machines/page-loading/page-loading.machine.ts'
import type { PageFetchInput, PageFetchResult } from '../../../machines/page-loading/page-loading.types.ts'
import { inspect } from '../../lib/inspect.ts'
import { toPageFetchResult } from './page-fetch-result.ts'
import { takePrefetchedPage } from './page-prefetch.ts'

/**
 * Loads one page image of the file `version` (a SHA-256; the uploaded file when undefined): resolves it, or
 * rejects with an error carrying the HTTP `status` (202 while rendering).
 */
export type LoadPage = (
  documentId: string,
  page: number,
  scale: number,
  signal: AbortSignal,
  version: string | undefined,
) => Promise<Blob>

/** Loads one page's text (of the uploaded file), for screen readers. */
export type LoadPageText = (documentId: string, page: number, signal: AbortSignal) => Promise<string>

/** Where one page image is: loading (also while retried), shown from a blob URL, or given up on. */
export type PageImageState = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' }

/**
 * Runs the page-loading machine (SPEC §8 backoff on failures and 202 answers) for one page image of file
 * `version` once `active`, and keeps the image as a blob URL that is revoked when the page goes away or changes.
 * `retry` asks again after the machine gave up.
 */
export function usePageImage(
  loadPage: LoadPage,
  documentId: string,
  page: number,
  scale: number,
  active: boolean,
  version?: string,
): { state: PageImageState; retry: () => void } {
  const [state, setState] = useState<PageImageState>({ status: 'loading' })
  const actorRef = useRef<ActorRefFrom<typeof pageLoadingMachine> | null>(null)
  // The latest loader, so a caller's new function does not restart a load that is under way.
  const load = useRef(loadPage)
  load.current = loadPage

  useEffect(() => {
    if (!active) return
    const controller = new AbortController()
    let url: string | undefined
    const machine = pageLoadingMachine.provide({
      actors: {
        // The first try takes the image a route's loader already asked for, when it did.
        fetchPage: fromPromise<PageFetchResult, PageFetchInput>(() =>
          toPageFetchResult(
            () =>
              takePrefetchedPage(documentId, page, scale, version) ??
              load.current(documentId, page, scale, controller.signal, version),
          ),
        ),
      },
    })
    const actor = createActor(machine, { input: {}, inspect })
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('loaded') && url === undefined && snapshot.context.data instanceof Blob) {
        url = URL.createObjectURL(snapshot.context.data)
        setState({ status: 'loaded', url })
      } else if (snapshot.matches('failed')) setState({ status: 'failed' })
      else if (snapshot.matches('loading'))
        setState((s) => (s.status === 'failed' ? { status: 'loading' } : s))
    })
    actorRef.current = actor
    actor.start()
    return () => {
      subscription.unsubscribe()
      actor.stop()
      actorRef.current = null
      controller.abort()
      if (url !== undefined) URL.revokeObjectURL(url)
      setState({ status: 'loading' })
    }
  }, [active, documentId, page, scale, version])

  const retry = useCallback(() => actorRef.current?.send({ type: 'page.retry' }), [])
  return { state, retry }
}
