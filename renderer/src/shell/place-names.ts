import { readingArrow, rewordRoute } from '../../../core/route.ts';
import { useLocale } from '../i18n/index.ts';
import { useShell } from './store.ts';

// Cities, operators and routes as the API named them at the sale (in English), shown in the UI's
// language: in the Arabic UI by their Arabic names from the cached reference data, as given
// otherwise or when unknown. Arabic paper does the same in main (main/reference/arabic-names.ts).

/** A city as the booking names it (the API's English name), in the UI's language. */
export function useCityName(): (name: string | null) => string {
  const locale = useLocale((s) => s.locale);
  const cities = useShell((s) => s.reference?.cities);
  return (name) => {
    if (!name) return '—';
    if (locale !== 'ar') return name;
    return cities?.find((c) => c.name === name)?.name_ar ?? name;
  };
}

/** An operator by its id and recorded name, in the UI's language. */
export function useOperatorName(): (operatorId: string | null, recorded: string | null) => string {
  const locale = useLocale((s) => s.locale);
  const operators = useShell((s) => s.reference?.operators);
  return (id, recorded) => (locale === 'ar' && id ? operators?.find((o) => o.id === id)?.name_ar : null) ?? recorded ?? '—';
}

/** A route written at the sale ("Cairo → Alexandria"), in the UI's language, its arrow along the reading direction. */
export function useRouteName(): (route: string) => string {
  const locale = useLocale((s) => s.locale);
  const cityName = useCityName();
  return (route) => (locale === 'ar' ? rewordRoute(route, cityName, readingArrow('ar')) : route);
}
