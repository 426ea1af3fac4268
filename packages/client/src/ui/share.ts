/**
 * Sharing a room: the join link, copying it, and its QR code. On a LAN the page is plain HTTP,
 * which is no secure context, so the Clipboard API is missing there: copying falls back to a
 * hidden textarea and `document.execCommand('copy')`. The QR code is drawn here (no network).
 */

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { reimporting } from './reimport.ts';

/** The join link as others should open it: the page's origin, unless it is this machine only. */
export function joinLink(path: string, lanOrigin?: string): string {
  return `${isThisMachineOnly() && lanOrigin ? lanOrigin : location.origin}${path}`;
}

const isThisMachineOnly = (): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);

/**
 * A LAN origin for a page opened on the server's own machine, when the server publishes one
 * (`GET /api/lan` → `{ urls: string[] }`); undefined otherwise.
 */
export async function fetchLanOrigin(): Promise<string | undefined> {
  if (!isThisMachineOnly()) return undefined;
  try {
    const response = await fetch('/api/lan');
    if (!response.ok) return undefined;
    const body = (await response.json()) as { urls?: unknown };
    const first = Array.isArray(body.urls) ? body.urls[0] : undefined;
    return typeof first === 'string' ? first.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied (e.g. no user gesture): the old way below may still work.
    }
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

const loadQrCode = reimporting(
  () => import('qrcode'),
  (m) => m.toString,
);

/** The QR code of `text` as an SVG string; the library loads on first use (its own chunk). */
export async function qrSvg(text: string): Promise<string> {
  const toString = await loadQrCode();
  return toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The room's join link as others should open it (the LAN address when this page is on the
 * server's own machine) and its QR code as an SVG string once drawn (undefined until then, or
 * if drawing failed). The SVG is made by the qrcode library from our own link: no foreign
 * markup, so it may be set as inner HTML.
 */
export function useJoinQr(path: string): { readonly link: string; readonly svg?: string } {
  const lan = useSignal<string | undefined>(undefined);
  const svg = useSignal<string | undefined>(undefined);
  const link = joinLink(path, lan.value);
  useEffect(() => {
    void fetchLanOrigin().then((origin) => (lan.value = origin));
  }, []);
  useEffect(() => {
    let live = true;
    qrSvg(link).then(
      (made) => live && (svg.value = made),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [link]);
  return { link, svg: svg.value };
}

export type Shared = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares `text` through the Web Share API where the device has it (phones: the system's share
 * sheet), else copies it. A share the player dismissed is `cancelled` (nothing copied).
 */
export async function shareText(text: string): Promise<Shared> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.({ text }) ?? true)) {
    try {
      await navigator.share({ text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, a policy): copying still works.
    }
  }
  return (await copyText(text)) ? 'copied' : 'failed';
}
