/** The room's join link as a QR code (drawn locally by `share.ts`), with the link under it. */
import { t } from '../../../i18n/index.ts';
import { useJoinQr } from '../../../ui/share.ts';

interface Props {
  readonly path: string;
  /** Show the link as text under the code (the big lobby QR; not the corner one). */
  readonly withLink: boolean;
  readonly class?: string;
}

export function QrCode({ path, withLink, class: className = '' }: Props) {
  const { link, svg } = useJoinQr(path);
  return (
    <figure class={`tv-qr ${className}`} data-testid="tv-qr">
      <div
        class="tv-qr-code"
        role="img"
        aria-label={t('lobby.qr')}
        // The SVG is made by the qrcode library from our own link: no foreign markup.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      {withLink && (
        <figcaption class="tv-qr-link" data-testid="tv-link">
          {link.replace(/^https?:\/\//, '')}
        </figcaption>
      )}
    </figure>
  );
}
