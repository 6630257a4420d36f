/** A browser and its operating system as a User-Agent names them, for a person to recognise a session. */
export interface DeviceDescription {
  /** e.g. `Firefox`; null when the User-Agent names none we know. */
  browser: string | null
  /** e.g. `macOS`; null when the User-Agent names none we know. */
  system: string | null
}

// Ordered: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
]
const systems: readonly [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
]

const first = (table: readonly [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null

/** Names the browser and system of a User-Agent; both null for none. */
export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, system: null }
  return { browser: first(browsers, userAgent), system: first(systems, userAgent) }
}
