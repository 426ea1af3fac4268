/**
 * The chosen run's answer for people and for the course's checker: the model as a `v` line
 * (at most `PREVIEW_LITERALS` of it drawn, in a scrolling box, so a huge model cannot freeze
 * the page), Copy for all of it, and Download for the `.res` file.
 */
import { useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { formatCount, modelPreview, resFileName, resParts, resultOf } from './format.ts';
import type { RunView } from './lab-state.ts';

export const PREVIEW_LITERALS = 5000;

interface Props {
  readonly run: RunView;
  readonly file: string;
  readonly numVars: number;
}

export function ModelView({ run, file, numVars }: Props) {
  const model = run.status === 'sat' ? run.model : undefined;
  const preview = model && modelPreview(model, numVars, PREVIEW_LITERALS);
  return (
    <section class="lab-model">
      {preview && (
        <>
          <h2 id="lab-model-title">{t('lab.model')}</h2>
          <pre
            class="lab-model-text"
            tabIndex={0}
            aria-labelledby="lab-model-title"
            data-testid="lab-model"
          >
            {preview.text}
          </pre>
          {preview.shown < numVars && (
            <p class="muted">
              {t('lab.model.partial', {
                shown: formatCount(preview.shown),
                total: formatCount(numVars),
              })}
            </p>
          )}
        </>
      )}
      <ModelActions run={run} file={file} numVars={numVars} model={model} />
    </section>
  );
}

/** Copy (the whole model) and Download (the `.res` file), with what the copy did. */
function ModelActions({ run, file, numVars, model }: Props & { model: Uint8Array | undefined }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>(undefined);
  const hasRes = run.status !== 'cancelled' && resultOf(run) !== undefined;
  const copy = () => {
    if (!model) return;
    navigator.clipboard.writeText(modelPreview(model, numVars, numVars).text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div class="lab-model-actions">
      {model && (
        <button type="button" onClick={copy}>
          {t('lab.copy')}
        </button>
      )}
      {hasRes && (
        <button
          type="button"
          data-testid="lab-download"
          onClick={() => {
            const parts = resParts(run, numVars);
            if (parts) download(parts, resFileName(file));
          }}
        >
          {t('lab.download')}
        </button>
      )}
      <span role="status" class="muted">
        {copied === 'yes' && t('lab.copied')}
        {copied === 'failed' && t('lab.copyFailed')}
      </span>
    </div>
  );
}

/** Saves `parts` as a file named `name` (a Blob, so a big model is never one string). */
export function download(parts: BlobPart[], name: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
