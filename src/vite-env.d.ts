/// <reference types="vite/client" />

/** The id of the running build, compared with /build.json to offer a reload. */
declare const __BUILD_ID__: string

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
