/**
 * Unit tests fail when the code under test writes to console.error or console.warn: React's
 * warnings (keys, act, hydration, invalid DOM nesting) and caught runtime errors are logged, not
 * thrown, so a test would otherwise pass while printing them. A test that expects a message
 * mocks the console itself (`vi.spyOn(console, "error").mockImplementation(…)`); its mock sits
 * on top of this guard and keeps those calls from reaching it.
 */
import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const method of ["error", "warn"] as const)
    console[method] = (...args: unknown[]) => {
      logged.push(`console.${method}: ${format(...args)}`);
    };
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
  if (logged.length > 0) throw new Error(`The test wrote to the console:\n${logged.join("\n").slice(0, 4000)}`);
});
