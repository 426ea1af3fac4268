/**
 * `/lab`: the SAT lab. Paste, drop or open a DIMACS file, choose the solver's mode,
 * heuristic, budget and XOR reasoning, solve it in a Web Worker with live statistics and
 * Cancel, compare with the course's baseline (optimisation rate), and read or download the
 * answer as a `.res` file. Everything runs on the device: the page needs the server only for
 * its files, so it works offline once loaded.
 */
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { useFocusOnMount } from '../../ui/focus.ts';
import { LabInput } from './LabInput.tsx';
import { LabOptionsForm } from './LabOptionsForm.tsx';
import { cancelSolve, failure, loadFile, warmUpWorker, workerReady } from './lab-store.ts';
import { LabRuns } from './LabRuns.tsx';
import { StepThrough } from './StepThrough.tsx';
import './lab.css';

/** True while a file is dragged over the page. */
const dragging = signal(false);

export function LabPage() {
  // The worker's chunk is fetched now, so a solve works even if the network goes away; leaving
  // the page stops a solve still running (it would otherwise keep a core busy unseen).
  useEffect(() => {
    warmUpWorker();
    return cancelSolve;
  }, []);
  useFileDrop();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section class="lab" data-testid="lab" data-worker-ready={workerReady.value || undefined}>
      <h1 class="lab-title" tabIndex={-1} ref={heading}>
        {t('lab.title')}
      </h1>
      <p class="muted lab-intro">{t('lab.intro')}</p>
      <LabInput />
      <LabOptionsForm />
      {failure.value !== undefined && (
        <p class="error" role="alert">
          {t('lab.failed', { message: failure.value })}
        </p>
      )}
      <LabRuns />
      <StepThrough />
      {dragging.value && (
        <div class="lab-drop" aria-hidden="true">
          {t('lab.dropHere')}
        </div>
      )}
    </section>
  );
}

/** A file dropped anywhere on the page becomes the input. */
function useFileDrop(): void {
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragging.value = true;
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) dragging.value = false;
    };
    const drop = (event: DragEvent) => {
      dragging.value = false;
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      event.preventDefault();
      void loadFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      dragging.value = false;
    };
  }, []);
}
