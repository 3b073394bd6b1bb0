import { useEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

// Every layer over the counter (the trip-changes worklist, the F11 shift panel, the lock screen)
// is modal the same way: drawn outside #root, with #root (and any layer under it) `inert`, so
// neither Tab nor a screen reader reaches what is behind; the focus moves in when it opens and
// goes back where it was when it closes.

/** The open layers, the top one last: only the top one is live. */
const layers: HTMLElement[] = [];

function applyInert() {
  const top = layers.at(-1);
  const root = document.getElementById('root');
  if (root) root.inert = top !== undefined;
  for (const layer of layers) layer.inert = layer !== top;
}

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Where the focus goes when a layer opens: a control marked `autoFocus`/`data-autofocus`, else the first one. */
function focusInside(layer: HTMLElement) {
  if (layer.contains(document.activeElement)) return; // a child took it already (autoFocus)
  const target = layer.querySelector<HTMLElement>('[data-autofocus]') ?? layer.querySelector<HTMLElement>(TABBABLE) ?? layer;
  if (target === layer && !layer.hasAttribute('tabindex')) layer.tabIndex = -1;
  target.focus();
}

/** Makes the element of `ref` the modal layer while it is mounted. */
export function useModal(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const layer = ref.current;
    if (!layer) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    layers.push(layer);
    applyInert();
    focusInside(layer);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      applyInert();
      // back where the agent was, unless the focus has already been put somewhere on purpose
      const lost = document.activeElement === null || document.activeElement === document.body || layer.contains(document.activeElement);
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [ref]);
}

/** A modal layer: `children` drawn over everything, in a portal, with the attributes given (role, aria-*, class). */
export function Modal({ children, ...attrs }: { children: ReactNode } & HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref);
  return createPortal(
    <div ref={ref} {...attrs}>
      {children}
    </div>,
    document.body,
  );
}
