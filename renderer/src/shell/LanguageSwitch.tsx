import { useDescription } from '../components/Description.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { Kbd } from './Kbd.tsx';

/**
 * The language switch (F3): named by what it shows, the other language's name in that language
 * ("العربية", "English"); what it does is its description; the key is in aria-keyshortcuts.
 */
export function LanguageSwitch() {
  const t = useT();
  const { locale, toggle } = useLocale();
  const { describedBy, description } = useDescription(t('lang.switch.label'));
  return (
    <button type="button" className="lang-switch" onClick={toggle} aria-describedby={describedBy} aria-keyshortcuts="F3">
      <span lang={locale === 'ar' ? 'en' : 'ar'}>{t('lang.switch')}</span> <Kbd k="F3" />
      {description}
    </button>
  );
}
