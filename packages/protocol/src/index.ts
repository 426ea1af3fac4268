/**
 * The wire contract shared by client and server (described in docs/PROTOCOL.md): zod schemas
 * for every payload both ways (client payloads, acknowledgements, the views the server sends,
 * `/api` answers), the event maps, the shared lists, limits and rules (`rules.ts`, also
 * importable alone as `@percent/protocol/rules`), and error codes.
 */
export * from './errors.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './views.ts';
export * from './stored.ts';
export * from './tournament.ts';
export * from './teams.ts';
export * from './events.ts';
export * from './replies.ts';
export * from './daily.ts';
export * from './api.ts';
