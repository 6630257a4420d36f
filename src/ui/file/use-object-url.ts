import { useEffect, useState } from 'react'

/** An object URL of `blob` while the component shows it (revoked when the blob changes or it unmounts). */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (blob === undefined) return setUrl(undefined)
    const created = URL.createObjectURL(blob)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [blob])
  return url
}
