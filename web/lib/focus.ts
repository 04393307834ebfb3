import { useEffect, useRef } from 'react';

/**
 * Moves focus to `el`, making a heading focusable from script first (`tabIndex=-1`, not a tab
 * stop). No scroll when it is on screen already; scrolled to when it is not. True when it took
 * focus.
 */
export function focusElement(el: HTMLElement): boolean {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  const { top, bottom } = el.getBoundingClientRect();
  el.focus({ preventScroll: top >= 0 && bottom <= window.innerHeight });
  return document.activeElement === el;
}

/**
 * When a screen switches mode (view and edit), focus goes where the new mode starts: `target`
 * names that element for the mode just entered (the edit form's heading, the Edit button), read
 * after React has drawn it. Never on the first render: arriving on a screen is
 * `useFocusOnNavigate`'s (docs/decisions/022-accessibility.md). Without this, the button that was
 * pressed (Edit, Cancel, Save) is gone and focus falls to the page's body.
 */
export function useFocusOnSwitch<Mode>(
  mode: Mode,
  target: (mode: Mode) => HTMLElement | null | undefined,
): void {
  const shown = useRef(mode);
  useEffect(() => {
    if (Object.is(shown.current, mode)) return;
    shown.current = mode;
    const el = target(mode);
    if (el) focusElement(el);
    // `target` is new on every render: the effect runs each time but acts on a switch only.
  }, [mode, target]);
}
