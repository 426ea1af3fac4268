/**
 * Focus on screen changes. When a page or a room's phase changes, the element that had focus
 * is gone and the browser drops focus to `<body>`: a keyboard user starts over from the top and
 * a screen reader says nothing about the new screen. These hooks move focus to the new
 * screen's heading (give it `tabIndex={-1}`) or its first field.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** A ref whose element is focused when the component mounts (one screen, one element). */
export function useFocusOnMount<T extends HTMLElement | SVGElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/**
 * Focuses `target()` whenever `screen` changes (and on mount). `target` runs after the new
 * screen rendered, so it may look an element up; nothing happens when it finds none.
 */
export function useFocusOnScreen(
  screen: string,
  target: () => HTMLElement | SVGElement | null | undefined,
): void {
  useEffect(() => {
    target()?.focus();
  }, [screen]);
}
