import type { FormFieldKind, FormValueSource } from '../../contract/form-fields.ts'
import type { IdentificationMode, IdentificationProvider } from '../../contract/identification.ts'
import type { ChangedRequestField, SigningVerification } from '../../contract/request-events.ts'
import type { SignatureRequestStatus } from '../../contract/signature-request-status.ts'
import type { MailLocale } from '../mail/mail-locale.ts'
import type { RequestEventType } from './record-event.ts'

/** The words of the PDF report of a request, in one language. */
export type ReportTexts = {
  heading: string
  generated: (time: string) => string
  request: string
  status: string
  sender: string
  created: string
  lastChange: string
  requestId: string
  message: string
  signers: (count: number) => string
  signed: (time: string) => string
  quality: (quality: string) => string
  /** The name and meaning a signature was given, as 21 CFR 11.50 asks to show them. */
  meaning: (name: string, reason: string) => string
  /** One filled field of a signer: its kind, document, page (from 1), value and who gave it. */
  formField: (kind: string, document: string, page: number, value: string, by: string) => string
  formFieldKinds: Record<FormFieldKind, string>
  formValueSources: Record<FormValueSource, string>
  /** A checkbox's value, ticked or not. */
  checkbox: (checked: boolean) => string
  documents: (count: number) => string
  documentSize: (pages: number, bytes: number) => string
  bytes: (count: number) => string
  sha256Original: string
  sha256Signed: string
  attachments: (count: number) => string
  auditTrail: (count: number) => string
  byFrom: (actor: string, address: string) => string
  /** The signature standard of a `signed` entry: its quality, and whether under FDA 21 CFR Part 11. */
  standard: (quality: string, part11: boolean) => string
  /** How the signer of a `signed` entry proved who they were, each way as {@link verifications} says it. */
  verifiedBy: (ways: string[]) => string
  verifications: {
    [Method in SigningVerification['method']]: (
      verification: Extract<SigningVerification, { method: Method }>,
      modes: Record<IdentificationMode, string>,
    ) => string
  }
  identificationModes: Record<IdentificationMode, string>
  /**
   * The identification handed to the QTSP that made a qualified signature (as {@link verifications} says it) and
   * the identification provider's reference of its evidence.
   */
  handedToQtsp: (identification: string, reference: string) => string
  /** One change of an `updated` entry, the values already as the reader reads them. */
  changed: (field: string, before: string, after: string) => string
  fields: Record<ChangedRequestField, string>
  /** An empty value of a changed field. */
  empty: string
  unknown: string
  pageOf: (page: number, pages: number) => string
  statuses: Record<SignatureRequestStatus, string>
  events: Record<RequestEventType, string>
}

/** Identification providers, named alike in every language. */
const providerNames: Record<IdentificationProvider, string> = {
  eidas: 'eIDAS',
  zertes: 'ZertES',
  austria: 'Austria',
}

/** The PDF report's words in each language of the app (SPEC §9); the language is the reader's. */
export const reportTexts: Record<MailLocale, ReportTexts> = {
  'en-gb': {
    heading: 'Signature request report',
    generated: (time) => `Generated ${time}`,
    request: 'Request',
    status: 'Status',
    sender: 'Sender',
    created: 'Created',
    lastChange: 'Last change',
    requestId: 'Request id',
    message: 'Message',
    signers: (count) => `Signers (${count})`,
    signed: (time) => `signed ${time}`,
    quality: (quality) => `quality ${quality}`,
    meaning: (name, reason) => `signed as ${name}, meaning: ${reason}`,
    formField: (kind, document, page, value, by) =>
      `${kind}, ${document}, page ${page}: ${value} (given by the ${by})`,
    formFieldKinds: {
      text: 'Text',
      date: 'Date',
      checkbox: 'Checkbox',
      initials: 'Initials',
      name: 'Name',
      email: 'E-mail',
      company: 'Company',
    },
    formValueSources: { sender: 'sender', signer: 'signer' },
    checkbox: (checked) => (checked ? 'ticked' : 'not ticked'),
    documents: (count) => `Documents (${count})`,
    documentSize: (pages, bytes) => `${pages} pages, ${bytes} bytes`,
    bytes: (count) => `${count} bytes`,
    sha256Original: 'SHA-256 original',
    sha256Signed: 'SHA-256 signed',
    attachments: (count) => `Attachments (${count})`,
    auditTrail: (count) => `Audit trail (${count})`,
    byFrom: (actor, address) => `by ${actor} from ${address}`,
    standard: (quality, part11) => `Signature standard: ${quality}${part11 ? ', FDA 21 CFR Part 11' : ''}`,
    verifiedBy: (ways) => `Verified by: ${ways.join('; ')}`,
    handedToQtsp: (identification, reference) =>
      `Identification handed to the trust service provider: ${identification}, reference ${reference}`,
    verifications: {
      sign_in: () => 'signing in to the account',
      password: () => 'the account password entered again',
      tan: ({ to }) => `TAN sent to ${to}`,
      second_factor: ({ kind }) =>
        kind === 'totp'
          ? 'a code of the authenticator app (second factor)'
          : 'a recovery code (second factor)',
      sms_otp: ({ to }) => `one-time password by SMS to ${to}`,
      identification: ({ provider, mode }, modes) => `${modes[mode]} (${providerNames[provider]})`,
      vouched: ({ business }) => `vouched for by ${business}`,
      seal: ({ seal, usedBy }) => `seal “${seal}” used by ${usedBy}`,
    },
    identificationModes: {
      video: 'video identification',
      robo: 'self identification',
      autoident: 'automatic identification',
      eid: 'Austrian eID',
    },
    changed: (field, before, after) => `${field} changed from “${before}” to “${after}”`,
    fields: {
      title: 'Title',
      message: 'Message',
      quality: 'Signature standard',
      legislation: 'Legislation',
      expiresAt: 'Expires',
      remindEveryDays: 'Remind every (days)',
      remindAtMost: 'Reminders at most',
    },
    empty: '(empty)',
    unknown: 'unknown',
    pageOf: (page, pages) => `page ${page} of ${pages}`,
    statuses: {
      DRAFT: 'Draft',
      OPEN: 'Open',
      SIGNED: 'Signed',
      DECLINED: 'Declined',
      WITHDRAWN: 'Withdrawn',
      EXPIRED: 'Expired',
    },
    events: {
      created: 'Request created',
      document_added: 'Document added',
      initiated: 'Request sent to the signers',
      withdrawn: 'Withdrawn',
      declined: 'Declined',
      reminded: 'Signers reminded',
      claimed: 'Invitation claimed',
      updated: 'Request details changed',
      document_removed: 'Document removed',
      signer_added: 'Signer added',
      signer_removed: 'Signer removed',
      fields_placed: 'Signature field placed',
      delegated: 'Signing delegated',
      attachment_added: 'Attachment added',
      attachment_removed: 'Attachment removed',
      signed: 'Signed',
      expired: 'Expired',
      turn_started: 'Next signers asked',
    },
  },
  'de-ch': {
    heading: 'Bericht zur Signaturanfrage',
    generated: (time) => `Erstellt ${time}`,
    request: 'Anfrage',
    status: 'Status',
    sender: 'Absender',
    created: 'Erstellt',
    lastChange: 'Letzte Änderung',
    requestId: 'Anfrage-ID',
    message: 'Nachricht',
    signers: (count) => `Unterzeichnende (${count})`,
    signed: (time) => `unterzeichnet ${time}`,
    quality: (quality) => `Qualität ${quality}`,
    meaning: (name, reason) => `unterschrieben als ${name}, Bedeutung: ${reason}`,
    formField: (kind, document, page, value, by) =>
      `${kind}, ${document}, Seite ${page}: ${value} (angegeben von ${by})`,
    formFieldKinds: {
      text: 'Text',
      date: 'Datum',
      checkbox: 'Kontrollkästchen',
      initials: 'Initialen',
      name: 'Name',
      email: 'E-Mail',
      company: 'Firma',
    },
    formValueSources: { sender: 'dem Absender', signer: 'der unterzeichnenden Person' },
    checkbox: (checked) => (checked ? 'angekreuzt' : 'nicht angekreuzt'),
    documents: (count) => `Dokumente (${count})`,
    documentSize: (pages, bytes) => `${pages} Seiten, ${bytes} Bytes`,
    bytes: (count) => `${count} Bytes`,
    sha256Original: 'SHA-256 Original',
    sha256Signed: 'SHA-256 signiert',
    attachments: (count) => `Anhänge (${count})`,
    auditTrail: (count) => `Protokoll (${count})`,
    byFrom: (actor, address) => `durch ${actor} von ${address}`,
    standard: (quality, part11) => `Signaturstandard: ${quality}${part11 ? ', FDA 21 CFR Part 11' : ''}`,
    verifiedBy: (ways) => `Geprüft durch: ${ways.join('; ')}`,
    handedToQtsp: (identification, reference) =>
      `An den Vertrauensdiensteanbieter übergebene Identifikation: ${identification}, Referenz ${reference}`,
    verifications: {
      sign_in: () => 'Anmeldung beim Konto',
      password: () => 'erneute Eingabe des Kontopassworts',
      tan: ({ to }) => `TAN an ${to}`,
      second_factor: ({ kind }) =>
        kind === 'totp'
          ? 'ein Code der Authenticator-App (zweiter Faktor)'
          : 'ein Wiederherstellungscode (zweiter Faktor)',
      sms_otp: ({ to }) => `Einmalpasswort per SMS an ${to}`,
      identification: ({ provider, mode }, modes) => `${modes[mode]} (${providerNames[provider]})`,
      vouched: ({ business }) => `Bestätigung durch ${business}`,
      seal: ({ seal, usedBy }) => `Siegel «${seal}», verwendet von ${usedBy}`,
    },
    identificationModes: {
      video: 'Videoidentifikation',
      robo: 'Selbstidentifikation',
      autoident: 'automatische Identifikation',
      eid: 'österreichische eID',
    },
    changed: (field, before, after) => `${field} geändert von «${before}» zu «${after}»`,
    fields: {
      title: 'Titel',
      message: 'Nachricht',
      quality: 'Signaturstandard',
      legislation: 'Gesetzgebung',
      expiresAt: 'Ablauf',
      remindEveryDays: 'Erinnern alle (Tage)',
      remindAtMost: 'Erinnerungen höchstens',
    },
    empty: '(leer)',
    unknown: 'unbekannt',
    pageOf: (page, pages) => `Seite ${page} von ${pages}`,
    statuses: {
      DRAFT: 'Entwurf',
      OPEN: 'Offen',
      SIGNED: 'Unterzeichnet',
      DECLINED: 'Abgelehnt',
      WITHDRAWN: 'Zurückgezogen',
      EXPIRED: 'Abgelaufen',
    },
    events: {
      created: 'Anfrage erstellt',
      document_added: 'Dokument hinzugefügt',
      initiated: 'Anfrage an die Unterzeichner gesendet',
      withdrawn: 'Zurückgezogen',
      declined: 'Abgelehnt',
      reminded: 'Unterzeichner erinnert',
      claimed: 'Einladung übernommen',
      updated: 'Angaben der Anfrage geändert',
      document_removed: 'Dokument entfernt',
      signer_added: 'Unterzeichner hinzugefügt',
      signer_removed: 'Unterzeichner entfernt',
      fields_placed: 'Signaturfeld platziert',
      delegated: 'Unterschrift delegiert',
      attachment_added: 'Anhang hinzugefügt',
      attachment_removed: 'Anhang entfernt',
      signed: 'Unterschrieben',
      expired: 'Abgelaufen',
      turn_started: 'Nächste Unterzeichnende angefragt',
    },
  },
  'fr-ch': {
    heading: 'Rapport de la demande de signature',
    generated: (time) => `Généré le ${time}`,
    request: 'Demande',
    status: 'Statut',
    sender: 'Expéditeur',
    created: 'Créée',
    lastChange: 'Dernière modification',
    requestId: 'ID de la demande',
    message: 'Message',
    signers: (count) => `Signataires (${count})`,
    signed: (time) => `signé le ${time}`,
    quality: (quality) => `qualité ${quality}`,
    meaning: (name, reason) => `signé en tant que ${name}, signification : ${reason}`,
    formField: (kind, document, page, value, by) =>
      `${kind}, ${document}, page ${page} : ${value} (indiqué par ${by})`,
    formFieldKinds: {
      text: 'Texte',
      date: 'Date',
      checkbox: 'Case à cocher',
      initials: 'Initiales',
      name: 'Nom',
      email: 'E-mail',
      company: 'Entreprise',
    },
    formValueSources: { sender: "l'expéditeur", signer: 'le signataire' },
    checkbox: (checked) => (checked ? 'cochée' : 'non cochée'),
    documents: (count) => `Documents (${count})`,
    documentSize: (pages, bytes) => `${pages} pages, ${bytes} octets`,
    bytes: (count) => `${count} octets`,
    sha256Original: 'SHA-256 original',
    sha256Signed: 'SHA-256 signé',
    attachments: (count) => `Pièces jointes (${count})`,
    auditTrail: (count) => `Journal (${count})`,
    byFrom: (actor, address) => `par ${actor} depuis ${address}`,
    standard: (quality, part11) =>
      `Standard de signature : ${quality}${part11 ? ', FDA 21 CFR Part 11' : ''}`,
    verifiedBy: (ways) => `Vérifié par : ${ways.join('; ')}`,
    handedToQtsp: (identification, reference) =>
      `Identification transmise au prestataire de services de confiance : ${identification}, référence ${reference}`,
    verifications: {
      sign_in: () => 'connexion au compte',
      password: () => 'nouvelle saisie du mot de passe du compte',
      tan: ({ to }) => `TAN envoyé à ${to}`,
      second_factor: ({ kind }) =>
        kind === 'totp'
          ? 'un code de l’application d’authentification (second facteur)'
          : 'un code de récupération (second facteur)',
      sms_otp: ({ to }) => `mot de passe à usage unique par SMS au ${to}`,
      identification: ({ provider, mode }, modes) => `${modes[mode]} (${providerNames[provider]})`,
      vouched: ({ business }) => `garanti par ${business}`,
      seal: ({ seal, usedBy }) => `cachet « ${seal} » utilisé par ${usedBy}`,
    },
    identificationModes: {
      video: 'identification vidéo',
      robo: 'auto-identification',
      autoident: 'identification automatique',
      eid: 'eID autrichienne',
    },
    changed: (field, before, after) => `${field} modifié de « ${before} » à « ${after} »`,
    fields: {
      title: 'Titre',
      message: 'Message',
      quality: 'Standard de signature',
      legislation: 'Législation',
      expiresAt: 'Expiration',
      remindEveryDays: 'Rappel tous les (jours)',
      remindAtMost: 'Rappels au plus',
    },
    empty: '(vide)',
    unknown: 'inconnu',
    pageOf: (page, pages) => `page ${page} sur ${pages}`,
    statuses: {
      DRAFT: 'Brouillon',
      OPEN: 'Ouverte',
      SIGNED: 'Signée',
      DECLINED: 'Refusée',
      WITHDRAWN: 'Retirée',
      EXPIRED: 'Expirée',
    },
    events: {
      created: 'Demande créée',
      document_added: 'Document ajouté',
      initiated: 'Demande envoyée aux signataires',
      withdrawn: 'Retirée',
      declined: 'Refusée',
      reminded: 'Signataires relancés',
      claimed: 'Invitation récupérée',
      updated: 'Détails de la demande modifiés',
      document_removed: 'Document retiré',
      signer_added: 'Signataire ajouté',
      signer_removed: 'Signataire retiré',
      fields_placed: 'Champ de signature placé',
      delegated: 'Signature déléguée',
      attachment_added: 'Pièce jointe ajoutée',
      attachment_removed: 'Pièce jointe supprimée',
      signed: 'Signée',
      expired: 'Expirée',
      turn_started: 'Signataires suivants sollicités',
    },
  },
  it: {
    heading: 'Rapporto della richiesta di firma',
    generated: (time) => `Generato il ${time}`,
    request: 'Richiesta',
    status: 'Stato',
    sender: 'Mittente',
    created: 'Creata',
    lastChange: 'Ultima modifica',
    requestId: 'ID della richiesta',
    message: 'Messaggio',
    signers: (count) => `Firmatari (${count})`,
    signed: (time) => `firmato il ${time}`,
    quality: (quality) => `qualità ${quality}`,
    meaning: (name, reason) => `firmato come ${name}, significato: ${reason}`,
    formField: (kind, document, page, value, by) =>
      `${kind}, ${document}, pagina ${page}: ${value} (indicato ${by})`,
    formFieldKinds: {
      text: 'Testo',
      date: 'Data',
      checkbox: 'Casella di controllo',
      initials: 'Iniziali',
      name: 'Nome',
      email: 'E-mail',
      company: 'Azienda',
    },
    formValueSources: { sender: 'dal mittente', signer: 'dal firmatario' },
    checkbox: (checked) => (checked ? 'selezionata' : 'non selezionata'),
    documents: (count) => `Documenti (${count})`,
    documentSize: (pages, bytes) => `${pages} pagine, ${bytes} byte`,
    bytes: (count) => `${count} byte`,
    sha256Original: 'SHA-256 originale',
    sha256Signed: 'SHA-256 firmato',
    attachments: (count) => `Allegati (${count})`,
    auditTrail: (count) => `Registro (${count})`,
    byFrom: (actor, address) => `da ${actor} da ${address}`,
    standard: (quality, part11) => `Standard di firma: ${quality}${part11 ? ', FDA 21 CFR Part 11' : ''}`,
    verifiedBy: (ways) => `Verificato tramite: ${ways.join('; ')}`,
    handedToQtsp: (identification, reference) =>
      `Identificazione trasmessa al prestatore di servizi fiduciari: ${identification}, riferimento ${reference}`,
    verifications: {
      sign_in: () => "accesso all'account",
      password: () => "nuovo inserimento della password dell'account",
      tan: ({ to }) => `TAN inviato a ${to}`,
      second_factor: ({ kind }) =>
        kind === 'totp'
          ? 'un codice dell’app di autenticazione (secondo fattore)'
          : 'un codice di recupero (secondo fattore)',
      sms_otp: ({ to }) => `password monouso via SMS al ${to}`,
      identification: ({ provider, mode }, modes) => `${modes[mode]} (${providerNames[provider]})`,
      vouched: ({ business }) => `garantito da ${business}`,
      seal: ({ seal, usedBy }) => `sigillo «${seal}» usato da ${usedBy}`,
    },
    identificationModes: {
      video: 'identificazione video',
      robo: 'autoidentificazione',
      autoident: 'identificazione automatica',
      eid: 'eID austriaca',
    },
    changed: (field, before, after) => `${field} modificato da «${before}» a «${after}»`,
    fields: {
      title: 'Titolo',
      message: 'Messaggio',
      quality: 'Standard di firma',
      legislation: 'Legislazione',
      expiresAt: 'Scadenza',
      remindEveryDays: 'Promemoria ogni (giorni)',
      remindAtMost: 'Promemoria al massimo',
    },
    empty: '(vuoto)',
    unknown: 'sconosciuto',
    pageOf: (page, pages) => `pagina ${page} di ${pages}`,
    statuses: {
      DRAFT: 'Bozza',
      OPEN: 'Aperta',
      SIGNED: 'Firmata',
      DECLINED: 'Rifiutata',
      WITHDRAWN: 'Ritirata',
      EXPIRED: 'Scaduta',
    },
    events: {
      created: 'Richiesta creata',
      document_added: 'Documento aggiunto',
      initiated: 'Richiesta inviata ai firmatari',
      withdrawn: 'Ritirata',
      declined: 'Rifiutata',
      reminded: 'Promemoria inviato ai firmatari',
      claimed: 'Invito acquisito',
      updated: 'Dettagli della richiesta modificati',
      document_removed: 'Documento rimosso',
      signer_added: 'Firmatario aggiunto',
      signer_removed: 'Firmatario rimosso',
      fields_placed: 'Campo firma posizionato',
      delegated: 'Firma delegata',
      attachment_added: 'Allegato aggiunto',
      attachment_removed: 'Allegato rimosso',
      signed: 'Firmata',
      expired: 'Scaduta',
      turn_started: 'Firmatari successivi invitati',
    },
  },
}
