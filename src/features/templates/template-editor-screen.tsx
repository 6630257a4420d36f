import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import type { TemplateRoleInput, TemplateView, UpdateTemplate } from '../../../contract/templates.ts'
import type { FieldsChange } from '../../../machines/field-placement/field-placement.types.ts'
import { errorCode } from '../../api/error-messages.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { DocumentViewer } from '../../ui/document-viewer/document-viewer.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { useSignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import { FieldPlacementNotices } from '../documents/field-placement-notices.tsx'
import { PlacedFormFields } from '../documents/placed-form-fields.tsx'
import { RequestStandard } from '../documents/request-standard.tsx'
import { RequestTitle } from '../documents/request-title.tsx'
import { useLoadPage, useLoadPageText } from '../documents/use-load-page.ts'
import { PublicLinkPanel } from './public-link-panel.tsx'
import { RoleList, roleKey } from './role-list.tsx'
import { TemplateFollowUp } from './template-follow-up.tsx'
import { TemplateMessage } from './template-message.tsx'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'
import { getTemplateQueryOptions, useUpdateTemplate } from './templates-query.ts'

type Signature = SignatureRequestView['signatures'][number]

/** A role as the field placement sees a signer of a draft, labelled with the role's name. */
function asSigner(role: TemplateView['roles'][number], index: number): Signature {
  return {
    id: roleKey(index),
    accountEmail: role.name,
    signerIdentityData: null,
    status: 'OPEN',
    signedAt: null,
    documentSignatures: role.documentSignatures,
    fieldsPlaced: role.documentSignatures.length > 0,
    formFields: role.formFields,
    sequence: role.sequence,
    authentication: role.authentication,
    group: null,
  }
}

/**
 * `/templates/{id}/edit` (issue 41 §1): the request editor with roles in place of people. The template's title,
 * roles (their names, signing order, authentication and fields, placed on its documents through the field placement machine as
 * a draft's signers are), message, signature standard, expiry and reminders; each change is stored at once.
 */
export function TemplateEditorScreen({ id }: { id: string }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const template = useQuery(getTemplateQueryOptions(api, id))
  if (template.isError) {
    return (
      <div className={styles.page}>
        <FormAlert>{i18n._(templateErrorMessage(errorCode(template.error)))}</FormAlert>
        <Link to="/templates" className={buttonClass({ variant: 'secondary' })}>
          <Trans>Back to the templates</Trans>
        </Link>
      </div>
    )
  }
  if (template.data === undefined) {
    return (
      <p role="status" className={styles.muted}>
        <Trans>Loading template…</Trans>
      </p>
    )
  }
  return <TemplateEditor template={template.data} />
}

function TemplateEditor({ template }: { template: TemplateView }) {
  const { api } = useRouteContext({ from: '__root__' })
  const update = useUpdateTemplate(api, template.id)
  const save = async (body: Partial<UpdateTemplate>) => {
    await update.mutateAsync(body)
  }
  const draft = useMemo(
    () => ({
      statusOverall: 'DRAFT' as const,
      documents: template.documents,
      signatures: template.roles.map(asSigner),
    }),
    [template],
  )
  const placeable = useMemo(
    () => new Set(template.mayEdit ? draft.signatures.map((s) => s.id) : []),
    [draft, template.mayEdit],
  )
  // Every role as PUT takes it, `change` (one role's fields) applied.
  const roleInputs = (change?: FieldsChange): TemplateRoleInput[] =>
    template.roles.map((role, index) => {
      const key = roleKey(index)
      const changed = change?.signatureId === key ? change : undefined
      return {
        name: role.name,
        sequence: role.sequence,
        documentSignatures: changed?.documentSignatures ?? role.documentSignatures,
        formFields: changed?.formFields ?? fields.formFieldsOf(key),
        authentication: role.authentication,
      }
    })
  const fields = useSignatureFields({
    request: draft,
    ownSignatureId: undefined,
    canSign: false,
    placeable,
    save: (change) => save({ roles: roleInputs(change) }),
  })
  const loadPage = useLoadPage()
  const loadText = useLoadPageText()
  const { title } = template

  return (
    <div className={styles.editor}>
      <div className={styles.heading}>
        <h1>
          <Trans>Template “{title}”</Trans>
        </h1>
        <div className={styles.actions}>
          <Link
            to="/templates/$id/start"
            params={{ id: template.id }}
            className={buttonClass({ size: 'sm', variant: 'primary' })}
          >
            <Trans>Use</Trans>
          </Link>
          <Link to="/templates" className={buttonClass({ size: 'sm', variant: 'secondary' })}>
            <Trans>All templates</Trans>
          </Link>
        </div>
      </div>
      {template.mayEdit ? null : (
        <p className={styles.muted}>
          <Trans>Your business shares this template with you: you may use it; its admins change it.</Trans>
        </p>
      )}
      <FieldPlacementNotices fields={fields} />
      <div className={styles.columns}>
        <DocumentViewer
          documents={template.documents}
          loadPage={loadPage}
          pageOverlay={fields.pageOverlay}
          loadText={loadText}
        />
        {template.mayEdit ? (
          <aside className={styles.side}>
            <RoleList
              roles={roleInputs()}
              placingFor={fields.placingFor?.id}
              onPlaceField={fields.choose}
              onChange={(roles) => save({ roles })}
            />
            <PlacedFormFields request={draft} placeable={placeable} fields={fields} />
            <RequestTitle
              title={template.title}
              label={<Trans>Title of the requests started from it</Trans>}
              onRename={(changed) => save({ title: changed })}
            />
            <TemplateMessage message={template.message} onSave={(message) => save({ message })} />
            <RequestStandard request={template} mayChoose onChoose={save} />
            <TemplateFollowUp template={template} onSave={save} />
            <PublicLinkPanel template={template} />
          </aside>
        ) : null}
      </div>
    </div>
  )
}
