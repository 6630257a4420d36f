declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The request the page shows was sent on the page before (/upload): the page says so. */
    sentRequest?: string
  }
}

export {}
