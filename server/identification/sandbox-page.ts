import { serverPageContentSecurityPolicy } from '../http/security-headers.ts'
import type { IdentificationRow } from './find-identification.ts'

/** The identity fields the sandbox page asks for, by their wire name, which immutable_eid_fields lists. */
export const sandboxIdentityFields = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['date_of_birth', 'Date of birth'],
  ['nationality', 'Nationality'],
  ['document_number', 'Document number'],
] as const

/** What the tester chooses on the sandbox page. */
export const sandboxOutcomes = { complete: 'success', fail: 'failure', abandon: 'cancelled' } as const

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const styles = `
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
label { display: block; margin: 0.75rem 0; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem; font: inherit; }
.actions { display: flex; gap: 0.5rem; flex-wrap: wrap; margin-top: 1.5rem; }
button { padding: 0.6rem 1rem; font: inherit; border-radius: 4px; border: 1px solid #555; background: #fff; cursor: pointer; }
button[value=complete] { background: #0b5fff; color: #fff; border-color: #0b5fff; }
.note { background: #fff6d6; padding: 0.75rem; border-radius: 4px; }
`

/** The sandbox page's policy: its own stylesheet and form, nothing else. */
export const sandboxPagePolicy = serverPageContentSecurityPolicy(styles)

/**
 * The sandbox provider's appointment page: identity data prefilled from the person, and the three outcomes
 * a real provider can report. Plain HTML with no script, as it stands in for a third party's site.
 */
export function sandboxPageHtml(
  row: IdentificationRow,
  prefill: { firstName: string | null; lastName: string | null; dateOfBirth?: string; nationality?: string },
): string {
  const values: Record<string, string> = {
    first_name: prefill.firstName ?? '',
    last_name: prefill.lastName ?? '',
    date_of_birth: prefill.dateOfBirth ?? '1990-01-31',
    nationality: prefill.nationality ?? (row.provider === 'zertes' ? 'CH' : 'AT'),
    document_number: 'X1234567',
  }
  const inputs = sandboxIdentityFields
    .map(
      ([name, label]) =>
        `<label>${label}<input name="${name}" value="${escapeHtml(values[name] ?? '')}"></label>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox identification</title>
<style>${styles}</style>
</head>
<body>
<h1>Sandbox identification</h1>
<p class="note">Test system: no identification happens here. Choose the outcome the provider reports.</p>
<p>Provider <strong>${escapeHtml(row.provider)}</strong>, mode <strong>${escapeHtml(row.mode)}</strong></p>
<form method="post">
${inputs}
<div class="actions">
<button type="submit" name="outcome" value="complete">Complete</button>
<button type="submit" name="outcome" value="fail">Fail</button>
<button type="submit" name="outcome" value="abandon">Abandon</button>
</div>
</form>
</body>
</html>`
}

/** A page for an appointment that is over or unknown. */
export function sandboxGonePageHtml(): string {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox identification</title></head><body><h1>This appointment is not open</h1></body></html>'
}
