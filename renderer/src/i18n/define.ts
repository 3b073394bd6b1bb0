/** One area's strings in both languages; the type forces the same keys in each. */
export function defineMessages<K extends string>(messages: { en: Record<K, string>; ar: Record<K, string> }) {
  return messages;
}
