/**
 * The wire contract shared by client and server (described in docs/PROTOCOL.md): zod schemas
 * for every client payload, the event maps, the views the server sends, and error codes.
 */
export * from './errors.ts';
export * from './schemas.ts';
export * from './views.ts';
export * from './events.ts';
export * from './daily.ts';
