import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useDeferredValue, useState } from 'react'
import type { TemplateView } from '../../../contract/templates.ts'
import { errorCode } from '../../api/error-messages.ts'
import { getUserQueryOptions } from '../../api/user.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { templateDialogs } from './template-dialogs.ts'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'
import { getTemplatesQueryOptions, useDeleteTemplate, useShareTemplate } from './templates-query.ts'

/**
 * `/templates` (issue 41 §1): the caller's templates and those their business shares, searched by title; each
 * is used to start a request, and deleted (or, by an admin, shared with the business) by those who may.
 */
export function TemplatesScreen() {
  const { t, i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const [search, setSearch] = useState('')
  const title = useDeferredValue(search.trim())
  const templates = useQuery(getTemplatesQueryOptions(api, title))
  const { data: user } = useQuery(getUserQueryOptions(api))
  const isAdmin = user?.business?.invitationId === null && user.business.role === 'admin'
  const remove = useDeleteTemplate(api)
  const share = useShareTemplate(api)
  const failure = share.error
  const confirmDelete = (template: TemplateView) =>
    openDialog(ui, templateDialogs.deleteTemplate, {
      props: { title: template.title, shared: template.shared },
      action: async () => {
        await remove.mutateAsync(template.id)
      },
    })
  return (
    <div className={styles.page}>
      <h1>
        <Trans>Templates</Trans>
      </h1>
      <TextField
        label={<Trans>Search templates</Trans>}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {failure ? <FormAlert>{i18n._(templateErrorMessage(errorCode(failure)))}</FormAlert> : null}
      {templates.isError ? (
        <FormAlert>{i18n._(templateErrorMessage(errorCode(templates.error)))}</FormAlert>
      ) : templates.data === undefined ? (
        <p className={styles.muted}>
          <Trans>Loading templates…</Trans>
        </p>
      ) : templates.data.items.length === 0 ? (
        <p className={styles.muted}>
          {title === '' ? (
            <Trans>No templates yet. Save a request as a template to send it again.</Trans>
          ) : (
            <Trans>No template matches “{title}”.</Trans>
          )}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Templates`}>
          {templates.data.items.map((template) => (
            <TemplateItem
              key={template.id}
              template={template}
              mayShare={isAdmin && template.mayEdit}
              busy={remove.isPending || share.isPending}
              onDelete={() => confirmDelete(template)}
              onShare={(shared) => share.mutate({ id: template.id, shared })}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

function TemplateItem({
  template,
  mayShare,
  busy,
  onDelete,
  onShare,
}: {
  template: TemplateView
  mayShare: boolean
  busy: boolean
  onDelete: () => void
  onShare: (shared: boolean) => void
}) {
  const roles = template.roles.map((role) => role.name).join(', ')
  const { title } = template
  return (
    <li className={styles.item} aria-label={title}>
      <div>
        <h2>{title}</h2>
        <p className={styles.muted}>
          <Trans>Roles: {roles}</Trans>
          {template.shared ? (
            <>
              {' · '}
              <Trans>Shared with the business</Trans>
            </>
          ) : null}
        </p>
      </div>
      <div className={styles.actions}>
        <Link
          to="/templates/$id/start"
          params={{ id: template.id }}
          className={buttonClass({ size: 'sm', variant: 'primary' })}
        >
          <Trans>Use</Trans>
        </Link>
        <Link
          to="/templates/$id/bulk"
          params={{ id: template.id }}
          className={buttonClass({ size: 'sm', variant: 'secondary' })}
        >
          <Trans>Bulk send</Trans>
        </Link>
        {template.mayEdit ? (
          <Link
            to="/templates/$id/edit"
            params={{ id: template.id }}
            className={buttonClass({ size: 'sm', variant: 'secondary' })}
          >
            <Trans>Edit</Trans>
          </Link>
        ) : null}
        {mayShare ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onShare(!template.shared)}>
            {template.shared ? <Trans>Stop sharing</Trans> : <Trans>Share with the business</Trans>}
          </Button>
        ) : null}
        {template.mayEdit ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={onDelete}>
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </div>
    </li>
  )
}
