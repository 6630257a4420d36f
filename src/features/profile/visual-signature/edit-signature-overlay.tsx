import '@fontsource/dancing-script/latin-400.css'
import '@fontsource/dancing-script/latin-ext-400.css'
import { Dialog } from '@ark-ui/react/dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import type { VisualSignaturePermissionKey, VisualSignaturePermissions } from '../../../../contract/user.ts'
import {
  type VisualSignature,
  type VisualSignatureBody,
  type VisualSignatureKind,
  visualSignaturePermissionFields,
} from '../../../../contract/visual-signatures.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { previewVisualSignature } from '../../../api/visual-signatures.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { Button } from '../../../ui/button/button.tsx'
import type { DialogContentProps } from '../../../ui/dialog/define-dialog.ts'
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

type Flag = (typeof visualSignaturePermissionFields)[VisualSignaturePermissionKey]

/** The value of each governed flag: the stored one (or the default, for a new signature) unless it is fixed. */
function governedFlags(signature: VisualSignature | null, permissions: VisualSignaturePermissions) {
  const flags = {} as Record<Flag, boolean>
  for (const [key, field] of Object.entries(visualSignaturePermissionFields) as [
    VisualSignaturePermissionKey,
    Flag,
  ][]) {
    const { canUpdate, defaultValue } = permissions[key]
    flags[field] = canUpdate && signature ? signature[field] : defaultValue
  }
  return flags
}

/** What the overlay hands its opener: the fields, and a new image when one was drawn or chosen. */
export type EditSignatureValue = { body: VisualSignatureBody; image?: Blob } | 'cancel'

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
  const standards = heldStandards(qualities)
  // The standard stored with the signature (qual, leg, prov), as a key of the held standards' select.
  const [standardKey, setStandardKey] = useState(
    start?.quality === 'qes' ? `qes-${start.legislation ?? ''}` : (start?.quality ?? 'ses'),
  )
  const standard = standards.find((held) => held.key === standardKey) ?? standards[0]
  const [values, setValues] = useState<Required<VisualSignatureBody>>({
    alias: start?.alias ?? '',
    name: start?.name ?? props.name,
    company: start?.company ?? '',
    location: start?.location ?? '',
    language: (start?.language ?? 'en') as Required<VisualSignatureBody>['language'],
    kind: start?.kind ?? 'typed',
    ...governedFlags(start, permissions),
    displayQr: start?.displayQr ?? false,
    isDefault: start?.isDefault ?? start === null,
    quality: null,
    legislation: null,
    provider: null,
  })
  const [image, setImage] = useState<Blob>()
  const [preview, setPreview] = useState<string>()
  const [previewError, setPreviewError] = useState<string>()
  const [missing, setMissing] = useState(false)
  const set = <K extends keyof VisualSignatureBody>(key: K, value: Required<VisualSignatureBody>[K]) =>
    setValues((current) => ({ ...current, [key]: value }))
  const withImage = values.kind !== 'typed' ? image : undefined

  useEffect(() => {
    let current = true
    let url: string | undefined
    const timer = setTimeout(() => {
      previewVisualSignature(
        api,
        {
          name: values.name,
          opt: values.company,
          loc: values.location,
          lang: values.language,
          claim: values.displayClaim,
          std: values.displayStandards,
          date: values.displayDate,
          qr: values.displayQr,
          qual: standard?.qual,
          leg: standard?.leg,
          prov: standard?.prov,
        },
        withImage,
      )
        .then((blob) => {
          if (!current) return
          url = URL.createObjectURL(blob)
          setPreview(url)
          setPreviewError(undefined)
        })
        .catch((failure: unknown) => {
          if (current) setPreviewError(i18n._(visualSignatureErrorMessage(errorCode(failure))))
        })
    }, 250)
    return () => {
      current = false
      clearTimeout(timer)
      if (url) URL.revokeObjectURL(url)
    }
  }, [api, i18n, values, withImage, standard?.qual, standard?.leg, standard?.prov])

  const save = (event: FormEvent) => {
    event.preventDefault()
    const blank = values.name.trim() === ''
    setMissing(blank)
    if (blank || previewError) return
    const chosen = {
      quality: (standard?.qual ?? null) as Required<VisualSignatureBody>['quality'],
      legislation: (standard?.leg ?? null) as Required<VisualSignatureBody>['legislation'],
      provider: standard?.prov ?? null,
    }
    submit({
      body: { ...values, ...chosen },
      ...(withImage ? { image: withImage } : {}),
    } satisfies EditSignatureValue)
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
                  onChange={() => {
                    set('kind', kind)
                    setImage(undefined)
                    setPreviewError(undefined)
                  }}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {values.kind === 'drawn' ? <SignaturePad onChange={setImage} /> : null}
          {values.kind === 'uploaded' ? (
            <TextField
              label={<Trans>Image (PNG or JPEG, at most 1 MB)</Trans>}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => setImage(event.currentTarget.files?.[0])}
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
              onChange={setStandardKey}
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
          {previewError ? <FormAlert>{previewError}</FormAlert> : null}
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
