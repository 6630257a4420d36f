import { useLingui } from '@lingui/react/macro'
import { pickLocale } from '../../i18n/i18n.ts'
import { localeNames, type SupportedLocale, selectableLocales, supportedLocales } from '../../i18n/locales.ts'
import styles from './layout.module.css'

/** Language picker; Italian is offered only in a direct-sign session (SPEC §9). */
export function LanguageSwitch({ directSign = false }: { directSign?: boolean }) {
  const { i18n, t } = useLingui()
  const offered = directSign ? supportedLocales : selectableLocales
  return (
    <label>
      <span className="visually-hidden">{t`Language`}</span>
      <select
        className={styles.language}
        value={i18n.locale}
        onChange={(e) => void pickLocale(e.target.value as SupportedLocale)}
      >
        {offered.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </label>
  )
}
