import { useEffect, useRef } from 'react';
import { useSale, type FocusTarget } from './store.ts';

/**
 * A ref for the control the agent types in next: when the store asks for `target` (and
 * `index`), it gets the focus (inputs also get their text selected, so typing replaces it).
 */
export function useFocusTarget<T extends HTMLElement>(target: FocusTarget, index = 0, enabled = true) {
  const ref = useRef<T>(null);
  const focus = useSale((s) => s.focus);
  useEffect(() => {
    if (!enabled || focus.target !== target || focus.index !== index) return;
    const el = ref.current;
    if (!el) return;
    el.focus();
    if (el instanceof HTMLInputElement && (el.type === 'text' || el.type === 'tel' || el.type === 'email' || el.type === 'search')) el.select();
  }, [focus, target, index, enabled]);
  return ref;
}
