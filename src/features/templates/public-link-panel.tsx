import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { TemplateView } from '../../../contract/templates.ts'
import { errorCode } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'
import { useSwitchPublicLink } from './templates-query.ts'

/**
 * The template's public link (issue 41 §1): a switch, and the link to copy right after it was switched on (only
 * its hash is kept, so a link shown once is made anew by switching off and on).
 */
export function PublicLinkPanel({ template }: { template: TemplateView }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const change = useSwitchPublicLink(api)
  const url = change.data ?? null
  return (
    <section className={styles.card} aria-labelledby="public-link-heading">
      <h2 id="public-link-heading">
        <Trans>Public link</Trans>
      </h2>
      <CheckboxField
        label={t`Anyone with the link may sign this template`}
        checked={change.isPending ? change.variables.on : template.publicLink}
        disabled={change.isPending}
        onChange={(event) => change.mutate({ id: template.id, on: event.target.checked })}
        error={change.isError ? i18n._(templateErrorMessage(errorCode(change.error))) : undefined}
      />
      {template.publicLink && url !== null ? (
        <>
          <TextField
            label={t`Link to share`}
            value={url}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <Button size="sm" variant="secondary" onClick={() => navigator.clipboard.writeText(url)}>
            <Trans>Copy link</Trans>
          </Button>
        </>
      ) : null}
      {template.publicLink && url === null ? (
        <p>
          <Trans>
            The link is on. To see it again, switch it off and on: the old link then stops working.
          </Trans>
        </p>
      ) : null}
    </section>
  )
}
