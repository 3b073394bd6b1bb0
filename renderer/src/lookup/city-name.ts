import { useLocale } from '../i18n/index.ts';
import { useShell } from '../shell/store.ts';

/**
 * A city as the booking names it (the API's English name), in the UI's language: its Arabic name
 * from the cached reference cities in the Arabic UI, the name as given otherwise or when unknown.
 */
export function useCityName(): (name: string | null) => string {
  const locale = useLocale((s) => s.locale);
  const cities = useShell((s) => s.reference?.cities);
  return (name) => {
    if (!name) return '—';
    if (locale !== 'ar') return name;
    return cities?.find((c) => c.name === name)?.name_ar ?? name;
  };
}
