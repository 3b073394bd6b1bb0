/** One figure a report gave, by its path (`dayReport.counts.pending`, `sales[2].status`, `sales.length`). */
export interface FigureDifference {
  path: string;
  was: unknown;
  today: unknown;
}

/**
 * Every leaf figure of `recorded` (under the keys named) that `today` gives differently. Only what
 * was recorded is compared: a field added since has nothing to be compared with; an array's
 * length is a figure of its own, so a list that grew or shrank is a difference.
 */
export function figureDifferences(
  recorded: Record<string, unknown>,
  today: Record<string, unknown>,
  keys: readonly string[],
): { differences: FigureDifference[]; compared: number } {
  const out: FigureDifference[] = [];
  let compared = 0;
  const walk = (was: unknown, now: unknown, path: string) => {
    if (Array.isArray(was)) {
      const list = Array.isArray(now) ? now : [];
      if (list.length !== was.length || !Array.isArray(now)) out.push({ path: `${path}.length`, was: was.length, today: Array.isArray(now) ? now.length : now });
      was.forEach((w, i) => walk(w, list[i], `${path}[${i}]`));
    } else if (was !== null && typeof was === 'object') {
      const obj = now !== null && typeof now === 'object' ? (now as Record<string, unknown>) : {};
      for (const [k, w] of Object.entries(was)) walk(w, obj[k], `${path}.${k}`);
    } else {
      compared++;
      if (!Object.is(was, now)) out.push({ path, was, today: now });
    }
  };
  for (const k of keys) if (k in recorded) walk(recorded[k], today[k], k);
  return { differences: out, compared };
}
