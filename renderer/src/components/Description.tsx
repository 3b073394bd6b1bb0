import { useId, type ReactNode } from 'react';

/**
 * Detail for a control that is not on it (what a seat is, what a key does): the control is named
 * by what it shows, and this is its description (aria-describedby on a hidden element). Put
 * `description` inside the control and spread `{ 'aria-describedby': describedBy }` on it.
 */
export function useDescription(text: string | null | undefined): { describedBy: string | undefined; description: ReactNode } {
  const id = useId();
  if (!text) return { describedBy: undefined, description: null };
  return {
    describedBy: id,
    description: (
      <span id={id} hidden>
        {text}
      </span>
    ),
  };
}
