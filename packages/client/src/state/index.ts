/**
 * The pure play state, shared by solo and race. Usage:
 *
 *   let game = createGame({ variant: 'percent', givens });
 *   const { state, entered } = reduce(game, { type: 'input', digit: 7 });
 *   for (const { cell, digit } of entered) send(cell, digit); // digit 0 = cleared
 *   game = setVerdict(state, cell, 'confirmed');
 *
 * `keyToAction(event)` maps a key press to an Action; `highlightsOf` derives what to shade.
 */
export * from './game.ts';
export * from './marks.ts';
export * from './selection.ts';
export * from './keys.ts';
export * from './candidates.ts';
export * from './highlights.ts';
export * from './persist.ts';
export * from './store.ts';
