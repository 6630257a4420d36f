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
  documents: (count: number) => string
  documentSize: (pages: number, bytes: number) => string
  bytes: (count: number) => string
  sha256Original: string
  sha256Signed: string
  attachments: (count: number) => string
  auditTrail: (count: number) => string
  byFrom: (actor: string, address: string) => string
  unknown: string
  pageOf: (page: number, pages: number) => string
  statuses: Record<SignatureRequestStatus, string>
  events: Record<RequestEventType, string>
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
    documents: (count) => `Documents (${count})`,
    documentSize: (pages, bytes) => `${pages} pages, ${bytes} bytes`,
    bytes: (count) => `${count} bytes`,
    sha256Original: 'SHA-256 original',
    sha256Signed: 'SHA-256 signed',
    attachments: (count) => `Attachments (${count})`,
    auditTrail: (count) => `Audit trail (${count})`,
    byFrom: (actor, address) => `by ${actor} from ${address}`,
    unknown: 'unknown',
    pageOf: (page, pages) => `page ${page} of ${pages}`,
    statuses: {
      DRAFT: 'Draft',
      OPEN: 'Open',
      SIGNED: 'Signed',
      DECLINED: 'Declined',
      WITHDRAWN: 'Withdrawn',
    },
    events: {
      created: 'Request created',
      document_added: 'Document added',
      initiated: 'Sent to the signers',
      withdrawn: 'Withdrawn',
      declined: 'Declined',
      reminded: 'Signers reminded',
      claimed: 'Claimed by an account',
      updated: 'Request details changed',
      document_removed: 'Document removed',
      signer_added: 'Signer added',
      signer_removed: 'Signer removed',
      fields_placed: 'Signature field placed',
      delegated: 'Signature handed over',
      attachment_added: 'Attachment added',
      attachment_removed: 'Attachment removed',
      signed: 'Signed',
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
    documents: (count) => `Dokumente (${count})`,
    documentSize: (pages, bytes) => `${pages} Seiten, ${bytes} Bytes`,
    bytes: (count) => `${count} Bytes`,
    sha256Original: 'SHA-256 Original',
    sha256Signed: 'SHA-256 signiert',
    attachments: (count) => `Anhänge (${count})`,
    auditTrail: (count) => `Protokoll (${count})`,
    byFrom: (actor, address) => `durch ${actor} von ${address}`,
    unknown: 'unbekannt',
    pageOf: (page, pages) => `Seite ${page} von ${pages}`,
    statuses: {
      DRAFT: 'Entwurf',
      OPEN: 'Offen',
      SIGNED: 'Unterzeichnet',
      DECLINED: 'Abgelehnt',
      WITHDRAWN: 'Zurückgezogen',
    },
    events: {
      created: 'Anfrage erstellt',
      document_added: 'Dokument hinzugefügt',
      initiated: 'An die Unterzeichnenden gesendet',
      withdrawn: 'Zurückgezogen',
      declined: 'Abgelehnt',
      reminded: 'Unterzeichnende erinnert',
      claimed: 'Von einem Konto übernommen',
      updated: 'Angaben der Anfrage geändert',
      document_removed: 'Dokument entfernt',
      signer_added: 'Unterzeichnende Person hinzugefügt',
      signer_removed: 'Unterzeichnende Person entfernt',
      fields_placed: 'Signaturfeld platziert',
      delegated: 'Unterschrift übertragen',
      attachment_added: 'Anhang hinzugefügt',
      attachment_removed: 'Anhang entfernt',
      signed: 'Unterzeichnet',
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
    documents: (count) => `Documents (${count})`,
    documentSize: (pages, bytes) => `${pages} pages, ${bytes} octets`,
    bytes: (count) => `${count} octets`,
    sha256Original: 'SHA-256 original',
    sha256Signed: 'SHA-256 signé',
    attachments: (count) => `Pièces jointes (${count})`,
    auditTrail: (count) => `Journal (${count})`,
    byFrom: (actor, address) => `par ${actor} depuis ${address}`,
    unknown: 'inconnu',
    pageOf: (page, pages) => `page ${page} sur ${pages}`,
    statuses: {
      DRAFT: 'Brouillon',
      OPEN: 'Ouverte',
      SIGNED: 'Signée',
      DECLINED: 'Refusée',
      WITHDRAWN: 'Retirée',
    },
    events: {
      created: 'Demande créée',
      document_added: 'Document ajouté',
      initiated: 'Envoyée aux signataires',
      withdrawn: 'Retirée',
      declined: 'Refusée',
      reminded: 'Signataires relancés',
      claimed: 'Reprise par un compte',
      updated: 'Détails de la demande modifiés',
      document_removed: 'Document retiré',
      signer_added: 'Signataire ajouté',
      signer_removed: 'Signataire retiré',
      fields_placed: 'Champ de signature placé',
      delegated: 'Signature transmise',
      attachment_added: 'Pièce jointe ajoutée',
      attachment_removed: 'Pièce jointe retirée',
      signed: 'Signée',
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
    documents: (count) => `Documenti (${count})`,
    documentSize: (pages, bytes) => `${pages} pagine, ${bytes} byte`,
    bytes: (count) => `${count} byte`,
    sha256Original: 'SHA-256 originale',
    sha256Signed: 'SHA-256 firmato',
    attachments: (count) => `Allegati (${count})`,
    auditTrail: (count) => `Registro (${count})`,
    byFrom: (actor, address) => `da ${actor} da ${address}`,
    unknown: 'sconosciuto',
    pageOf: (page, pages) => `pagina ${page} di ${pages}`,
    statuses: {
      DRAFT: 'Bozza',
      OPEN: 'Aperta',
      SIGNED: 'Firmata',
      DECLINED: 'Rifiutata',
      WITHDRAWN: 'Ritirata',
    },
    events: {
      created: 'Richiesta creata',
      document_added: 'Documento aggiunto',
      initiated: 'Inviata ai firmatari',
      withdrawn: 'Ritirata',
      declined: 'Rifiutata',
      reminded: 'Firmatari sollecitati',
      claimed: 'Rilevata da un account',
      updated: 'Dettagli della richiesta modificati',
      document_removed: 'Documento rimosso',
      signer_added: 'Firmatario aggiunto',
      signer_removed: 'Firmatario rimosso',
      fields_placed: 'Campo firma posizionato',
      delegated: 'Firma trasferita',
      attachment_added: 'Allegato aggiunto',
      attachment_removed: 'Allegato rimosso',
      signed: 'Firmata',
    },
  },
}
