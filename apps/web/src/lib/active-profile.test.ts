import { beforeEach, describe, expect, it } from 'vitest';
import { activeProfileStore, parseOrganisationId, parseProfileChoice } from './active-profile.ts';

const organisationId = '5b1f3c2a-7d4e-4f6a-8b9c-0d1e2f3a4b5c';

beforeEach(() => {
  localStorage.clear();
});

describe('the remembered profile', () => {
  it('reads an organisation by its id, and anything else in storage as the personal profile', () => {
    expect(parseProfileChoice(`organisation:${organisationId}`)).toEqual({ kind: 'organisation', organisationId });
    expect(parseProfileChoice('personal')).toEqual({ kind: 'personal' });
    expect(parseProfileChoice(null)).toEqual({ kind: 'personal' });
    expect(parseProfileChoice('organisation:../../admin')).toEqual({ kind: 'personal' });
    expect(parseProfileChoice('{"kind":"organisation"}')).toEqual({ kind: 'personal' });
  });

  it('keeps one choice per user, and tells its listeners', () => {
    let calls = 0;
    const unsubscribe = activeProfileStore.subscribe(() => {
      calls += 1;
    });
    activeProfileStore.choose('user-1', { kind: 'organisation', organisationId });
    expect(activeProfileStore.get('user-1')).toEqual({ kind: 'organisation', organisationId });
    // The same object until the choice changes (useSyncExternalStore's snapshot).
    expect(activeProfileStore.get('user-1')).toBe(activeProfileStore.get('user-1'));
    expect(activeProfileStore.get('user-2')).toEqual({ kind: 'personal' });
    expect(activeProfileStore.get(null)).toEqual({ kind: 'personal' });
    activeProfileStore.choose('user-1', { kind: 'personal' });
    expect(activeProfileStore.get('user-1')).toEqual({ kind: 'personal' });
    expect(calls).toBe(2);
    unsubscribe();
  });

  it('takes an organisation id from a URL only when it is one', () => {
    expect(parseOrganisationId(organisationId)).toBe(organisationId);
    expect(parseOrganisationId('nope')).toBeNull();
    expect(parseOrganisationId(null)).toBeNull();
  });
});
