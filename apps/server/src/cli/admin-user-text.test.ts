import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope } from '@app/contract/organisations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/auth-helpers.ts';
import { businessOrganisationRequest } from '../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runAdminCommand } from './admin-command.ts';

// Issue 14, "Bad input": an organisation's name as its owner typed it, printed by `npm run admin`
// to an operator's terminal: markup as typed, and control characters (an escape sequence that
// would clear the screen, a line break that would fake a row) written as their escapes, in the
// table, the confirmation line and the refusal.

const typedName = `Summit\x1b[2J\x1b]0;owned\x07\nid  name  Fake row <img src=x onerror="window.__xss=1">"'&`;
const shownName = `Summit\\u001b[2J\\u001b]0;owned\\u0007\\nid  name  Fake row <img src=x onerror="window.__xss=1">"'&`;

/** A control character other than the line breaks the output itself is made of. */
const controlCharacter = /(?![\n])\p{Cc}/u;

async function admin(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCommand(args, env, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

describe('the admin command with a typed organisation name', () => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    env = { DATABASE_URL: t.databaseUrl };
  });
  afterAll(() => t.close());

  it('prints the name as text: markup as typed, control characters as their escapes', async () => {
    const owner = await registerUser(t);
    const base = await businessOrganisationRequest(t);
    const { employees: _employees, ...details } = base.details;
    const response = await t.app.inject({
      method: 'POST',
      url: organisationApiPaths.list,
      headers: owner.headersWithCsrf,
      payload: { ...base, type: 'event_organiser', plan: 'contract', details: { ...details, name: typedName, nature_of_event: 'A leadership conference' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const events = organisationEnvelope.parse(response.json()).data;

    const listed = await admin(['organisations', 'follow-up'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(controlCharacter);
    const lines = listed.stdout.trim().split('\n');
    expect(lines.find((line) => line.startsWith(events.id))).toContain(shownName);
    expect(lines.filter((line) => line.includes('Fake row'))).toHaveLength(1);

    const marked = await admin(['organisations', 'followed-up', events.id], env);
    expect(marked.stdout).toContain(`${shownName} is followed up and leaves the sales follow-up list.`);
    expect(marked.stdout).not.toMatch(controlCharacter);
    const again = await admin(['organisations', 'followed-up', events.id], env);
    expect(again).toEqual({ code: 1, stdout: '', stderr: `${shownName} (${events.id}) is not awaiting sales follow-up\n` });
  });
});
