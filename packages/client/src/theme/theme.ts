/**
 * Colour scheme: `system` follows prefers-color-scheme; `light` / `dark` force one. The choice
 * is remembered and applied as `data-theme` on <html>; the colours live in `theme.css`.
 */
import { signal } from '@preact/signals';
import { readStored, writeStored } from '../ui/storage.ts';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const isTheme = (text: string | undefined): text is Theme =>
  (THEMES as readonly (string | undefined)[]).includes(text);

const stored = readStored('theme');
export const theme = signal<Theme>(isTheme(stored) ? stored : 'system');

export function setTheme(next: Theme): void {
  theme.value = next;
  writeStored('theme', next === 'system' ? undefined : next);
  applyTheme();
}

export const nextTheme = (current: Theme): Theme =>
  THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]!;

export function applyTheme(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (theme.value === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme.value;
}
