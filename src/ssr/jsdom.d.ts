// The part of jsdom's API the server uses: a window for sanitising page HTML on write (the package ships no types).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
