/** The signed-in user's types live in src/core/account.ts, shared with the browser. */
export * from '../../src/core/account';
