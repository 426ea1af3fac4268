/**
 * One worker process of `history-store.test.ts`: records its own races and the races every
 * worker records (`shared-*`) into the SQLite history in `dataDir`, at once with the others.
 * Usage: node --import tsx history-writer.ts <dataDir> <worker> <races>; it prints `ready`
 * once loaded and opens the file when a line arrives on stdin, so that all open it together.
 */
import { once } from 'node:events';
import { openSqliteHistory } from '../../packages/server/src/store/sqlite-history.ts';
import { movesOf, player, race } from './history-fixtures.ts';

const [dataDir, worker, count] = process.argv.slice(2);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.destroy();
const history = openSqliteHistory(dataDir!);
for (let i = 0; i < Number(count); i++) {
  const own = race(`w${worker}-${i}`, 1_000 + i, [player(`w${worker}`, 1, 60_000 + i)]);
  await history.recordRace(own, movesOf(own, 40));
  const shared = race(`shared-${i}`, 1_000 + i, [player('all', 1, 50_000), player('b', 2, 70_000)]);
  await history.recordRace(shared, movesOf(shared, 40));
}
await history.close();
