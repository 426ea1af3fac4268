import { describe, expect, it } from 'vitest';
import { parseDimacs, parseDimacsChunks, type ParseResult } from './dimacs.ts';

/** A result with plain-array clauses, so results from different runs compare with toEqual. */
function plain(result: ParseResult) {
  if (!result.ok) return result;
  return { ...result, cnf: { ...result.cnf, clauses: result.cnf.clauses.map((c) => [...c]) } };
}

function splitAt(text: string, cuts: readonly number[]): string[] {
  const bounds = [0, ...cuts, text.length];
  return bounds.slice(1).map((end, i) => text.slice(bounds[i], end));
}

/** Inputs covering every scanner state at a chunk boundary, valid and invalid. */
const samples = [
  'c hi\r\np cnf 12 3\r\n1 -12 0\r\n+3\n-0 0\n',
  '\uFEFF\tp  cnf 3 2 \n 1 2\nc in\n-3 0 2 0\n%\n0\n',
  'p cnf 3 1\n1 -2',
  'p cnf 3 1\n1 x12 0\n',
  'p cnf 3 1\n12 0\n',
  'p cnf 4 4\n1 -2 0\n3 0\n-4 1\n2 0\n 3 0\n',
  'p cnf 3 3\n1 2 0\n-1 3 0\n2 -4 0\n',
  'p cnf 3 1\n1 -- 0\n',
  'p cnf 3 1\n3000000000 0\n',
  'p cnf 3\n',
  'p cnf 3 2 junk\n',
  'c\nwhat 1 0\n',
  'p cnf 3 2\n1 0\n',
  'p cnf 1 1\n1 0\np cnf 1 1\n',
];

describe('parseDimacsChunks', () => {
  it('gives the parseDimacs result for every split of a sample into two and three chunks', async () => {
    for (const text of samples) {
      const expected = plain(parseDimacs(text));
      for (let a = 0; a <= text.length; a++) {
        expect(plain(await parseDimacsChunks(splitAt(text, [a])))).toEqual(expected);
        for (let b = a; b <= text.length; b += 3) {
          expect(plain(await parseDimacsChunks(splitAt(text, [a, b])))).toEqual(expected);
        }
      }
    }
  });

  it('gives the same result one character at a time, from an async source', async () => {
    async function* characters(text: string) {
      for (const ch of text) yield ch;
    }
    for (const text of samples) {
      expect(plain(await parseDimacsChunks(characters(text)))).toEqual(plain(parseDimacs(text)));
    }
  });

  it('passes the file name and strict mode on', async () => {
    const result = await parseDimacsChunks(['p cnf 1 2\n', '1 0\n'], {
      fileName: 'x.cnf',
      strict: true,
    });
    expect(result).toEqual({
      ok: false,
      error: {
        file: 'x.cnf',
        line: 1,
        column: 9,
        message: 'the header declares 2 clauses, but the formula has 1',
      },
    });
  });

  it('reports the characters consumed after each chunk', async () => {
    const seen: number[] = [];
    const onProgress = (chars: number) => seen.push(chars);
    await parseDimacsChunks(['p cnf 2 1\n', '1 ', '', '2 0\n'], { onProgress });
    expect(seen).toEqual([10, 12, 12, 16]);
  });

  it('stops reading and closes the source once an error decides the result', async () => {
    let pulled = 0;
    let closed = false;
    function* source() {
      try {
        for (const chunk of ['p cnf 1 1\n', 'oops ', '1 0\n', '1 0\n']) {
          pulled++;
          yield chunk;
        }
      } finally {
        closed = true;
      }
    }
    const result = await parseDimacsChunks(source());
    expect(result.ok).toBe(false);
    expect([pulled, closed]).toEqual([2, true]);
  });

  it('turns a failing source into an error at the position reached', async () => {
    async function* failing() {
      yield 'p cnf 1 1\n1 ';
      throw new Error('disk on fire');
    }
    expect(await parseDimacsChunks(failing(), { fileName: 'f' })).toEqual({
      ok: false,
      error: { file: 'f', line: 2, column: 3, message: 'could not read the input: disk on fire' },
    });
  });
});

describe('parseDimacs on arbitrary input', () => {
  it('never throws and agrees with the chunked parse (seeded random strings)', async () => {
    const alphabet = [
      'p cnf 4 3',
      'c',
      ' ',
      '\n',
      '\r\n',
      '\t',
      '0',
      '1',
      '-',
      '+',
      '4',
      '5',
      'x',
      '%',
      '.',
    ];
    let seed = 0x2545f491;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let round = 0; round < 300; round++) {
      let text = 'p cnf 4 3\n';
      const pieces = 1 + Math.floor(next() * 40);
      for (let i = 0; i < pieces; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      const whole = plain(parseDimacs(text));
      const cut = Math.floor(next() * (text.length + 1));
      expect(plain(await parseDimacsChunks(splitAt(text, [cut])))).toEqual(whole);
    }
  });
});

describe('parseDimacs on a large formula', () => {
  it('reads 200,000 random 3-clauses quickly and exactly', () => {
    const numVars = 50_000;
    const lines = [`c generated`, `p cnf ${numVars} 200000`];
    let seed = 7;
    const variable = () => 1 + ((seed = (Math.imul(seed, 48271) + 1) >>> 0) % numVars);
    for (let i = 0; i < 200_000; i++) lines.push(`${variable()} -${variable()} ${variable()} 0`);
    const text = lines.join('\n');
    const started = performance.now();
    const result = parseDimacs(text);
    const elapsed = performance.now() - started;
    if (!result.ok) throw new Error(result.error.message);
    expect(result.cnf.clauses.length).toBe(200_000);
    expect(Array.from(result.cnf.clauses[123_456]!).join(' ')).toBe(
      lines[123_456 + 2]!.slice(0, -2),
    );
    expect(elapsed).toBeLessThan(3_000);
  });
});

describe('parseDimacsChunks on undecoded input', () => {
  it('reports byte chunks as an error instead of misparsing them', async () => {
    const bytes = [new TextEncoder().encode('p cnf 1 1\n1 0\n')] as unknown as string[];
    expect(await parseDimacsChunks(bytes)).toEqual({
      ok: false,
      error: {
        file: '<input>',
        line: 1,
        column: 1,
        message: 'could not read the input: expected text chunks, got Uint8Array',
      },
    });
  });
});
