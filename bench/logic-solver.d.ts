/** logic-solver ships no types; the adapter types the members it uses. */
declare module 'logic-solver' {
  const Logic: import('./logic-solver-adapter.ts').LogicApi;
  export default Logic;
}
