import { locationSearchQuery, locationSearchMessages, locationSearchResponse } from '@app/contract/locations';
import { validationMessages } from '@app/contract/messages';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors.ts';
import { geoRoutes } from './routes.ts';

// The route with the app's validation and error handling, without the database the app needs.
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.register(errorsPlugin);
app.register(geoRoutes);

beforeAll(async () => {
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/locations', () => {
  it('answers the places whose name starts with q, in the contract’s shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations', query: { q: '  Zurich ' } });
    expect(response.statusCode).toBe(200);
    const body = locationSearchResponse.parse(response.json());
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({ city: 'Zürich', country: { code: 'CH', name: 'Switzerland' }, timezone: 'Europe/Zurich' });
  });

  it('honours limit', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations', query: { q: 'sa', limit: '3' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(3);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locations', query: { q: 'xqzvw' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it.each([
    ['a missing q', {}, 'q', validationMessages.required],
    ['an empty q', { q: '' }, 'q', validationMessages.required],
    ['a q of spaces', { q: '   ' }, 'q', validationMessages.required],
    ['a one-letter q', { q: 'z' }, 'q', locationSearchMessages.queryTooShort],
    ['a q over 100 characters', { q: 'z'.repeat(101) }, 'q', locationSearchMessages.queryTooLong],
    ['a limit of 0', { q: 'zu', limit: '0' }, 'limit', locationSearchMessages.limitOutOfRange],
    ['a limit over 20', { q: 'zu', limit: '21' }, 'limit', locationSearchMessages.limitOutOfRange],
    ['a limit that is no number', { q: 'zu', limit: 'ten' }, 'limit', locationSearchMessages.limitOutOfRange],
  ])('refuses %s with 422 on that field', async (_case, query: Record<string, string>, field, message) => {
    const response = await app.inject({ method: 'GET', url: '/api/locations', query });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });
});

describe('locationSearchQuery', () => {
  it('trims q and defaults limit to 10', () => {
    expect(locationSearchQuery.parse({ q: ' zurich ' })).toEqual({ q: 'zurich', limit: 10 });
  });

  it('refuses a q that is empty or shorter than two characters', () => {
    expect(locationSearchQuery.safeParse({ q: '' }).success).toBe(false);
    expect(locationSearchQuery.safeParse({ q: ' z ' }).success).toBe(false);
    expect(locationSearchQuery.safeParse({ q: 'zu' }).success).toBe(true);
  });
});
