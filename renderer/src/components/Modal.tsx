import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

// Every layer over the counter (the trip-changes worklist, the F11 shift panel, the lock screen)
// is modal the same way: drawn outside #root, with #root (and any layer under it) `inert`, so
// neither Tab nor a screen reader reaches what is behind; the focus moves in when it opens and
// goes back where it was when it closes. The screens that take the counter's place for a while
// (Find a booking, Reports, Settings) give the focus back the same way when they close.

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

/** What has the focus, read while rendering: before the layer or screen covers or replaces it. */
function focusedNow(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Where the screen on show wants the focus when what had it has gone (the sale: its step's field). */
const homes: (() => void)[] = [];

/** Registers, while mounted, where this screen puts the focus when the control that had it is gone. */
export function useFocusHome(home: () => void) {
  useEffect(() => {
    homes.push(home);
    return () => void homes.splice(homes.indexOf(home), 1);
  }, [home]);
}

/**
 * The focus back on `opener`, or (drawn again since) on the element with its id; when it is gone
 * (the worklist's chip after the last call) the screen's home for the focus, else its first
 * control: never the page's body, where a keyboard agent is lost.
 */
function giveFocusBack(opener: HTMLElement | null) {
  const target = opener?.isConnected ? opener : opener?.id ? document.getElementById(opener.id) : null;
  if (target) return target.focus({ preventScroll: true });
  const home = homes.at(-1);
  if (home) return home();
  document.querySelector<HTMLElement>(`#root main :is(${TABBABLE})`)?.focus({ preventScroll: true });
}

/** Makes the element of `ref` the modal layer while it is mounted. */
export function useModal(ref: RefObject<HTMLElement | null>) {
  const [opener] = useState(focusedNow);
  useEffect(() => {
    const layer = ref.current;
    if (!layer) return;
    layers.push(layer);
    applyInert();
    focusInside(layer);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      applyInert();
      // back where the agent was, unless something has taken the focus on purpose meanwhile
      const now = document.activeElement;
      if (!now || now === document.body || layer.contains(now)) giveFocusBack(opener);
    };
  }, [ref, opener]);
}

/** How many screens that take the counter's place are open (one hands over to another: Settings → a booking). */
let screensOpen = 0;

/**
 * For a screen that takes the counter's place (Find a booking, Reports, Settings): when it closes,
 * the focus goes back to the control that opened it when that is still on screen (the top bar's
 * Settings) or drawn again with its id; otherwise the counter puts it where its step wants it.
 * Not when it closed to open another such screen or a layer: that one has the focus.
 */
export function useFocusReturn() {
  const [opener] = useState(focusedNow);
  useEffect(() => {
    screensOpen++;
    return () => {
      screensOpen--;
      // after the counter's own screen has mounted and placed its focus
      requestAnimationFrame(() => {
        if (screensOpen === 0 && layers.length === 0) giveFocusBack(opener);
      });
    };
  }, [opener]);
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
