import { inspect } from '../../../lib/inspect.ts'
import '@fontsource/dancing-script/latin-400.css'
import '@fontsource/dancing-script/latin-ext-400.css'
import { Dialog } from '@ark-ui/react/dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useEffect, useId } from 'react'
import { fromPromise } from 'xstate'
import type { VisualSignaturePermissionKey, VisualSignaturePermissions } from '../../../../contract/user.ts'
import type { VisualSignature, VisualSignatureKind } from '../../../../contract/visual-signatures.ts'
import { visualSignatureEditorMachine } from '../../../../machines/visual-signature-editor/visual-signature-editor.machine.ts'
import {
  selectNameMissing,
  selectPreview,
  selectPreviewError,
  selectStandard,
  selectStandards,
  selectValues,
} from '../../../../machines/visual-signature-editor/visual-signature-editor.selectors.ts'
import type {
  EditedSignature,
  EditorValues,
  PreviewInput,
} from '../../../../machines/visual-signature-editor/visual-signature-editor.types.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { previewVisualSignature } from '../../../api/visual-signatures.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { Button } from '../../../ui/button/button.tsx'
import type { DialogContentProps } from '../../../ui/dialog/define-dialog.ts'
import { useObjectUrl } from '../../../ui/file/use-object-url.ts'
import { CheckboxField } from '../../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { formMessages } from '../../../ui/form/form-messages.ts'
import { SelectField } from '../../../ui/form/select-field.tsx'
import { TextField } from '../../../ui/form/text-field.tsx'
import { SignaturePad } from './signature-pad.tsx'
import { heldStandards, signatureStandardsQueryOptions } from './signature-standards.ts'
import styles from './visual-signature.module.css'
import { visualSignatureErrorMessage } from './visual-signature-messages.ts'

/**
 * Props of the edit signature overlay: the signature to change, or null for a new one named `name`, and the
 * user's permissions (SPEC §3): a flag they may not change shows its default value, disabled.
 */
export interface EditSignatureProps {
  signature: VisualSignature | null
  name: string
  permissions: VisualSignaturePermissions
}

/** What the overlay hands its opener: the fields, and a new image when one was drawn or chosen. */
export type EditSignatureValue = EditedSignature | 'cancel'

/**
 * SPEC §2 edit signature overlay: the name typed in a handwriting face, drawn on a pad, or an uploaded
 * image; the lines and flags it shows; whether it is the default. The preview is drawn by the server, as a
 * signed PDF will show it.
 */
export function EditSignatureOverlay({
  props,
  loading,
  error,
  submit,
}: DialogContentProps<EditSignatureProps, EditSignatureValue>) {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const start = props.signature
  const { permissions } = props
  const hintId = useId()
  const { data: qualities } = useQuery(signatureStandardsQueryOptions(api))
  const editor = useActorRef(
    visualSignatureEditorMachine.provide({
      actors: {
        renderPreview: fromPromise<Blob, PreviewInput>(({ input }) =>
          previewVisualSignature(api, input.query, input.image),
        ),
      },
      actions: { submit: (_, edited) => submit(edited) },
    }),
    { input: { ...props, standards: heldStandards(qualities) }, inspect },
  )
  useEffect(
    () => editor.send({ type: 'editor.standardsLoaded', standards: heldStandards(qualities) }),
    [editor, qualities],
  )
  const values = useSelector(editor, selectValues)
  const standards = useSelector(editor, selectStandards)
  const standard = useSelector(editor, selectStandard)
  const preview = useObjectUrl(useSelector(editor, selectPreview))
  const previewError = useSelector(editor, selectPreviewError)
  const missing = useSelector(editor, selectNameMissing)
  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) =>
    editor.send({ type: 'editor.change', change: { [key]: value } })

  const save = (event: FormEvent) => {
    event.preventDefault()
    editor.send({ type: 'editor.save' })
  }
  const fixed = (key: VisualSignaturePermissionKey) => !permissions[key].canUpdate
  const anyFixed = (['date', 'claim', 'std'] as const).some(fixed)
  const kinds: { kind: VisualSignatureKind; label: ReactNode }[] = [
    { kind: 'typed', label: <Trans>Type</Trans> },
    { kind: 'drawn', label: <Trans>Draw</Trans> },
    { kind: 'uploaded', label: <Trans>Upload an image</Trans> },
  ]
  return (
    <form className={styles.overlay} onSubmit={save} noValidate>
      <Dialog.Title>{start ? <Trans>Edit signature</Trans> : <Trans>New signature</Trans>}</Dialog.Title>
      <Dialog.Description>
        <Trans>How your signature looks on the documents you sign.</Trans>
      </Dialog.Description>
      {error ? <FormAlert>{i18n._(visualSignatureErrorMessage(errorCode(error)))}</FormAlert> : null}
      <div className={styles.columns}>
        <div className={styles.fields}>
          <fieldset className={styles.kinds}>
            <legend>
              <Trans>Signature</Trans>
            </legend>
            {kinds.map(({ kind, label }) => (
              <label key={kind}>
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => editor.send({ type: 'editor.chooseKind', kind })}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {values.kind === 'drawn' ? (
            <SignaturePad
              onChange={(image) => editor.send({ type: 'editor.chooseImage', image: image ?? null })}
            />
          ) : null}
          {values.kind === 'uploaded' ? (
            <TextField
              label={<Trans>Image (PNG or JPEG, at most 1 MB)</Trans>}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) =>
                editor.send({ type: 'editor.chooseImage', image: event.currentTarget.files?.[0] ?? null })
              }
            />
          ) : null}
          <TextField
            label={<Trans>Name</Trans>}
            value={values.name}
            required
            error={missing ? i18n._(formMessages.required) : undefined}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          {values.kind === 'typed' ? (
            <p className={styles.typedName} aria-hidden="true" data-testid="typed-signature">
              {values.name}
            </p>
          ) : null}
          <TextField
            label={<Trans>Company</Trans>}
            value={values.company}
            onChange={(event) => set('company', event.currentTarget.value)}
          />
          <TextField
            label={<Trans>Location</Trans>}
            value={values.location}
            onChange={(event) => set('location', event.currentTarget.value)}
          />
          <TextField
            label={<Trans>Label in your list</Trans>}
            value={values.alias}
            onChange={(event) => set('alias', event.currentTarget.value)}
          />
          <CheckboxField
            label={<Trans>Show the date</Trans>}
            checked={values.displayDate}
            disabled={fixed('date')}
            aria-describedby={fixed('date') ? hintId : undefined}
            onChange={(event) => set('displayDate', event.currentTarget.checked)}
          />
          <CheckboxField
            label={<Trans>Show “Signed electronically”</Trans>}
            checked={values.displayClaim}
            disabled={fixed('claim')}
            aria-describedby={fixed('claim') ? hintId : undefined}
            onChange={(event) => set('displayClaim', event.currentTarget.checked)}
          />
          <CheckboxField
            label={<Trans>Show the signature standard</Trans>}
            checked={values.displayStandards}
            disabled={fixed('std')}
            aria-describedby={fixed('std') ? hintId : undefined}
            onChange={(event) => set('displayStandards', event.currentTarget.checked)}
          />
          {anyFixed ? (
            <p id={hintId} className={styles.hint}>
              <Trans>Your business sets the lines that cannot be changed.</Trans>
            </p>
          ) : null}
          {values.displayStandards && standards.length > 1 ? (
            <SelectField
              label={<Trans>Standard shown</Trans>}
              hint={
                <Trans>
                  Kept with the signature. A document signed at another quality shows the quality it is signed
                  with.
                </Trans>
              }
              value={standard?.key ?? 'ses'}
              options={standards.map((held) => ({ value: held.key, label: held.label }))}
              onChange={(key) => editor.send({ type: 'editor.chooseStandard', key })}
            />
          ) : null}
          <CheckboxField
            label={<Trans>Show a QR code to verify the signature</Trans>}
            checked={values.displayQr}
            onChange={(event) => set('displayQr', event.currentTarget.checked)}
          />
          <CheckboxField
            label={<Trans>Use as my default signature</Trans>}
            checked={values.isDefault}
            onChange={(event) => set('isDefault', event.currentTarget.checked)}
          />
        </div>
        <div className={styles.fields}>
          <strong>
            <Trans>Preview</Trans>
          </strong>
          {previewError ? <FormAlert>{i18n._(visualSignatureErrorMessage(previewError))}</FormAlert> : null}
          {preview ? <img className={styles.image} src={preview} alt={t`Preview of your signature`} /> : null}
        </div>
      </div>
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={() => submit('cancel')} disabled={loading}>
          <Trans>Cancel</Trans>
        </Button>
        <BusyButton type="submit" busy={loading}>
          <Trans>Save signature</Trans>
        </BusyButton>
      </div>
    </form>
  )
}
