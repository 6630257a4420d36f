import { useState } from 'react'

/**
 * How often `open` has gone from true to false, to key an Ark dialog root with: a fresh root after each
 * close. An Ark dialog left to close by itself while another one (an overlay) opened in the same frame
 * stayed behind as an empty frame on top. The fresh root is mounted closed, so the next dialog opens on a
 * root that is ready; mounting one already open lost it to the click that opened it.
 */
export function useClosings(open: boolean): number {
  const [closings, setClosings] = useState(0)
  const [wasOpen, setWasOpen] = useState(open)
  if (wasOpen !== open) {
    setWasOpen(open)
    if (!open) setClosings(closings + 1)
  }
  return closings
}
