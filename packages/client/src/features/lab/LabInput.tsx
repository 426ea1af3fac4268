/** The formula: a textarea, a file picker, the examples, and the parser's verdict. */
import { t } from '../../i18n/index.ts';
import { EXAMPLE_IDS } from './examples.ts';
import { caretLine, formatCount, issueText } from './format.ts';
import { input, inspection, loadExample, loadFile, setInput } from './lab-store.ts';

/** Above this many characters the textarea shows a note instead of the text (it would crawl). */
const EDITABLE_CHARS = 2_000_000;

export function LabInput() {
  const { text, file } = input.value;
  const tooBig = text.length > EDITABLE_CHARS;
  return (
    <section class="lab-input" aria-labelledby="lab-input-label">
      <div class="lab-input-bar">
        <label class="button lab-open">
          {t('lab.open')}
          <input
            type="file"
            accept=".cnf,.dimacs,.txt,text/plain"
            class="sr-only"
            data-testid="lab-file"
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0];
              if (picked) void loadFile(picked);
              event.currentTarget.value = '';
            }}
          />
        </label>
        <span class="lab-examples" role="group" aria-label={t('lab.examples')}>
          <span class="muted" aria-hidden="true">
            {t('lab.examplesLabel')}
          </span>
          {EXAMPLE_IDS.map((id) => (
            <button key={id} type="button" onClick={() => loadExample(id)}>
              {t(`lab.example.${id}`)}
            </button>
          ))}
        </span>
      </div>
      <label id="lab-input-label" for="lab-text" class="lab-label">
        {t('lab.input')}
      </label>
      <textarea
        id="lab-text"
        class="lab-text"
        spellcheck={false}
        autocomplete="off"
        rows={8}
        readOnly={tooBig}
        placeholder={'p cnf 3 2\n1 -2 0\n2 3 -1 0'}
        value={tooBig ? `${text.slice(0, 20_000)}\n…` : text}
        onInput={(event) => setInput(event.currentTarget.value)}
      />
      <Verdict file={file} empty={text.trim() === ''} />
    </section>
  );
}

function Verdict({ file, empty }: { file: string; empty: boolean }) {
  const found = inspection.value;
  if (empty) return <p class="muted">{t('lab.empty')}</p>;
  if (!found) return null;
  if (!found.ok) {
    const { error, lineText } = found;
    return (
      <div class="lab-error" role="alert" data-testid="lab-error">
        <strong>{t('lab.errorTitle')}</strong>
        <pre>
          <code>{issueText(error)}</code>
          {lineText !== '' && `\n${lineText}\n${caretLine(lineText, error.column)}`}
        </pre>
      </div>
    );
  }
  return (
    <div class="lab-summary" data-testid="lab-summary">
      <p>
        {t('lab.summary', {
          file,
          vars: formatCount(found.vars),
          clauses: formatCount(found.clauses),
        })}
      </p>
      {found.warnings.length > 0 && (
        <ul class="lab-warnings">
          {found.warnings.map((warning) => (
            <li key={`${warning.line}:${warning.column}`}>
              {`${t('lab.warning')}: ${issueText(warning)}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
