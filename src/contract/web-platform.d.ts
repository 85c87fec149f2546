/**
 * The few web platform APIs the contract uses, which browsers and Node.js both provide. The contract's
 * TypeScript project has neither the DOM library nor Node.js types (so that it can use nothing only one
 * side has); these declarations give it just the members it needs. The app and the server compile
 * against their own, complete declarations.
 */
declare class URLSearchParams {
  constructor(init?: string);
  append(name: string, value: string): void;
  toString(): string;
}
