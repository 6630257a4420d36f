import { toCamelCase } from '../../../contract/case.ts'
import { apiUrl } from '../../../contract/paths.ts'
import { ApiError } from '../../api/client.ts'

/** What an upload needs besides the file. */
export interface UploadOptions {
  /** The `Authorization` header value, as the API client sends it. */
  authorization: string | undefined
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void
  signal?: AbortSignal
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * POSTs one file as `multipart/form-data` (part `file`) to an API path: a document into a draft, an
 * attachment onto a request. XMLHttpRequest rather than the API client because only it reports upload
 * progress; the answer comes back camelCased as the client's would. A refused file rejects with an
 * `ApiError` carrying the server's code (`document.not_pdf`, ...).
 */
export function uploadFile(path: string, file: File, options: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(path))
    if (options.authorization) xhr.setRequestHeader('Authorization', options.authorization)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      const body = parseBody(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(toCamelCase(body))
        return
      }
      const error = body as { code?: unknown; message?: unknown; field?: unknown } | undefined
      const code = typeof error?.code === 'string' ? error.code : 'http.error'
      const message = typeof error?.message === 'string' ? error.message : xhr.statusText
      reject(
        new ApiError(xhr.status, code, message, typeof error?.field === 'string' ? error.field : undefined),
      )
    })
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'network.unreachable', 'The upload did not reach the server')),
    )
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('file', file, file.name)
    xhr.send(form)
  })
}
