/** A key hint drawn on a control: always Latin key names, the same on every keyboard layout. */
export function Kbd({ k }: { k: string }) {
  return (
    <kbd className="kbd" dir="ltr" aria-hidden="true">
      {k}
    </kbd>
  );
}
