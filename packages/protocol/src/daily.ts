/**
 * The daily puzzle over HTTP (`/api/daily…`): schemas for what a client posts and the views the
 * server answers with. Filled in by the daily-puzzle work; see docs/PROTOCOL.md.
 */
export {};
