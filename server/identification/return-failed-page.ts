import { html, raw } from 'hono/html'
import { productName } from '../../contract/app-config.ts'
import { serverPageContentSecurityPolicy } from '../http/security-headers.ts'
import type { MailLocale } from '../mail/mail-locale.ts'

/**
 * Why a browser's return from a provider cannot go on: its state names no appointment that was started (unknown,
 * forged), the appointment ended already (a reload or replay of the return), or the provider cannot be reached.
 */
export type ReturnRefusal = 'unknown' | 'ended' | 'unavailable'

/** The status the page of a refused return is sent with: 503 while the provider is out of reach, else 400. */
export const refusalStatus = (refusal: ReturnRefusal): 400 | 503 => (refusal === 'unavailable' ? 503 : 400)

type PageTexts = { title: string; heading: string; back: string; reasons: Record<ReturnRefusal, string> }

const texts: Record<MailLocale, PageTexts> = {
  'en-gb': {
    title: 'Identification',
    heading: 'The identification cannot go on here',
    back: `Back to ${productName}`,
    reasons: {
      unknown: `This return from ID Austria belongs to no identification that was started. Start the identification again in ${productName}.`,
      ended: `This identification with ID Austria has ended already. ${productName} shows its result.`,
      unavailable:
        'ID Austria cannot be reached at the moment. Reload this page in a few minutes to finish the identification.',
    },
  },
  'de-ch': {
    title: 'Identifikation',
    heading: 'Die Identifikation kann hier nicht fortgesetzt werden',
    back: `Zurück zu ${productName}`,
    reasons: {
      unknown: `Diese Rückkehr von ID Austria gehört zu keiner begonnenen Identifikation. Starten Sie die Identifikation in ${productName} erneut.`,
      ended: `Diese Identifikation mit ID Austria ist bereits abgeschlossen. ${productName} zeigt Ihnen das Ergebnis.`,
      unavailable:
        'ID Austria ist im Moment nicht erreichbar. Laden Sie diese Seite in einigen Minuten neu, um die Identifikation abzuschliessen.',
    },
  },
  'fr-ch': {
    title: 'Identification',
    heading: 'L’identification ne peut pas se poursuivre ici',
    back: `Retour à ${productName}`,
    reasons: {
      unknown: `Ce retour d’ID Austria ne correspond à aucune identification commencée. Recommencez l’identification dans ${productName}.`,
      ended: `Cette identification avec ID Austria est déjà terminée. ${productName} vous en montre le résultat.`,
      unavailable:
        'ID Austria est momentanément injoignable. Rechargez cette page dans quelques minutes pour terminer l’identification.',
    },
  },
  it: {
    title: 'Identificazione',
    heading: 'L’identificazione non può proseguire qui',
    back: `Torna a ${productName}`,
    reasons: {
      unknown: `Questo ritorno da ID Austria non appartiene a nessuna identificazione avviata. Avvia di nuovo l’identificazione in ${productName}.`,
      ended: `Questa identificazione con ID Austria è già terminata. ${productName} Le mostra il risultato.`,
      unavailable:
        'ID Austria non è raggiungibile al momento. Ricarica questa pagina tra qualche minuto per completare l’identificazione.',
    },
  },
}

const styles = `
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.5rem; line-height: 1.25; }
`

/** The page's policy: its stylesheet, no script. */
export const returnFailedPagePolicy = serverPageContentSecurityPolicy(styles)

/**
 * The page of a provider's return that cannot be taken, saying why in the visitor's language, with the way back
 * into the app: to the identification's own page when it is known, else to the start page.
 */
export function returnFailedPage(refusal: ReturnRefusal, locale: MailLocale, back = '/') {
  const text = texts[locale]
  return html`<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text.title} - ${productName}</title>
<style>${raw(styles)}</style></head>
<body>
<h1>${text.heading}</h1>
<p>${text.reasons[refusal]}</p>
<p><a href="${back}">${text.back}</a></p>
</body>
</html>`
}
