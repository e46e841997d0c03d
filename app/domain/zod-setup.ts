import { z } from "zod";

/*
 * In the browser, turn off zod's compiled parsers: building an object schema probes for eval
 * with `new Function`, our CSP has no 'unsafe-eval', and Chrome reports even that caught probe
 * as a CSP violation (an Issues-panel entry: the checkout page lost its Lighthouse
 * best-practices 100). The server keeps the faster compiled parsers.
 *
 * Import this first in every module that builds zod schemas for the browser: ES modules
 * evaluate their imports in order, so the flag is set before any schema exists.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
