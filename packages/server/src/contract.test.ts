import { EVENT_SCHEMAS, NOTHING_ALLOWED } from '@percent/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSent, takeViolations } from './contract.ts';
import { lobbyWith } from '../test-support/rooms.ts';
import { viewFor } from './rooms/view.ts';

describe('the contract check', () => {
  // The suite's own check (test/support/contract.ts) must not see these deliberate breaches.
  let log: string | undefined;
  beforeEach(() => {
    log = process.env['PERCENT_CONTRACT_LOG'];
    delete process.env['PERCENT_CONTRACT_LOG'];
  });
  afterEach(() => {
    if (log !== undefined) process.env['PERCENT_CONTRACT_LOG'] = log;
  });

  const view = viewFor(lobbyWith(['Ann', 'Bob']), { role: 'player', playerId: 'p1' }, 1000);

  it('passes a view the room core built', () => {
    checkSent('room:state', EVENT_SCHEMAS['room:state'], view);
    expect(takeViolations()).toEqual([]);
  });

  it('names the first field that breaks the schema, and one the schema does not have', () => {
    const badPlayer = { ...view.players[0]!, race: { status: 'winning' } };
    checkSent('room:state', EVENT_SCHEMAS['room:state'], { ...view, players: [badPlayer] });
    checkSent('room:state', EVENT_SCHEMAS['room:state'], {
      ...view,
      you: { ...view.you, can: { ...NOTHING_ALLOWED, teleport: true } },
    });
    expect(takeViolations()).toEqual([
      { what: 'room:state', problem: expect.stringMatching(/^players\.0\.race\.status: /) },
      { what: 'room:state', problem: "you.can.teleport: not in the protocol's schema" },
    ]);
  });

  it('is off unless switched on', () => {
    const mode = process.env['PERCENT_CONTRACT'];
    delete process.env['PERCENT_CONTRACT'];
    checkSent('room:state', EVENT_SCHEMAS['room:state'], { nonsense: true });
    process.env['PERCENT_CONTRACT'] = mode;
    expect(takeViolations()).toEqual([]);
  });
});
