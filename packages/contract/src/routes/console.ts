import { z } from 'zod';
import { HealthSchema, MeSchema, ReadySchema } from '../console.ts';
import { consoleRoute } from '../console-route.ts';

/** The console's own routes, beside every domain's: alive, ready, this document, who is signed in. Imported as `consoleApi` (routes/index.ts). */

export const health = consoleRoute({
  method: 'GET',
  path: '/health',
  summary: 'Alive, and whether a token can be had',
  tag: 'console',
  response: HealthSchema,
  open: true,
});

export const openapi = consoleRoute({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document',
  tag: 'console',
  response: z.looseObject({ openapi: z.string() }),
  open: true,
});

export const ready = consoleRoute({
  method: 'GET',
  path: '/ready',
  summary: 'Ready: the database and the service, each said; 503 when not',
  tag: 'console',
  response: ReadySchema,
  open: true,
});

export const me = consoleRoute({
  method: 'GET',
  path: '/me',
  summary: 'The signed-in user, environment and session',
  tag: 'console',
  response: MeSchema,
});
