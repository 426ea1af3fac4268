import { describe, expect, it } from 'vitest';
import { htmlReferences, staticImports, workerChunks } from './client-size.ts';

describe('htmlReferences', () => {
  it('lists the entry script, stylesheets and modulepreloads, not icons or data URLs', () => {
    const html = `<link rel="icon" href="data:image/svg+xml,x">
      <script type="module" crossorigin src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/storage-B2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
      <link rel="preconnect" href="/assets/not-a-file">`;
    expect(htmlReferences(html)).toEqual(['index-A1.js', 'storage-B2.js', 'index-C3.css']);
  });
});

describe('staticImports', () => {
  it('follows minified static imports and re-exports but not import() or import.meta', () => {
    const code =
      'import{a as e}from"./storage-B2.js";import"./side.js";export{x}from"./re.js";' +
      'const l=()=>import(`./SoloPage-D4.js`);const u=import.meta.url;';
    expect(staticImports(code)).toEqual(['./storage-B2.js', './side.js', './re.js']);
  });
});

describe('workerChunks', () => {
  it('finds chunks started as module workers', () => {
    const code =
      'let e=new Worker(new URL(`/assets/engine.worker-Cz.js`,``+import.meta.url),{type:`module`})';
    expect(workerChunks(code)).toEqual(['engine.worker-Cz.js']);
  });
});
