import type { OrganisationSummary } from '@app/contract/organisations';
import { useSyncExternalStore } from 'react';
import { useOrganisations } from './organisation-list.ts';
import { useSession } from './use-session.ts';

// Issue 12, the profile switcher: the user works as their personal profile or as one of their
// organisations. The choice is remembered per user in localStorage (another account in this
// browser has its own), and read through one store, so the switcher, the sidebar, the dashboard
// and the Billing page never disagree.

/** What is stored: the personal profile, or an organisation by its id. */
export type ProfileChoice = { kind: 'personal' } | { kind: 'organisation'; organisationId: string };

const personal: ProfileChoice = { kind: 'personal' };
const storagePrefix = 'active_profile:';
// An organisation id as the server makes them (a UUID); anything else in storage is ignored.
const organisationIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a stored value: 'personal' or 'organisation:<uuid>'; anything else is the personal profile. */
export function parseProfileChoice(stored: string | null): ProfileChoice {
  if (stored === null) return personal;
  const match = /^organisation:(.+)$/.exec(stored);
  const organisationId = match?.[1];
  return organisationId && organisationIdPattern.test(organisationId) ? { kind: 'organisation', organisationId } : personal;
}

function serialise(choice: ProfileChoice): string {
  return choice.kind === 'personal' ? 'personal' : `organisation:${choice.organisationId}`;
}

function storageKey(userId: string): string {
  return `${storagePrefix}${userId}`;
}

function readStored(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
// The snapshot per user, so useSyncExternalStore gets the same object until the choice changes.
const snapshots = new Map<string, { stored: string | null; choice: ProfileChoice }>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export const activeProfileStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab of this browser switched profile: this one follows.
    if (listeners.size === 1) window.addEventListener('storage', onStorageEvent);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorageEvent);
    };
  },
  /** The user's remembered choice (the personal profile when none, or for no user). */
  get(userId: string | null): ProfileChoice {
    if (userId === null) return personal;
    const stored = readStored(userId);
    const cached = snapshots.get(userId);
    if (cached && cached.stored === stored) return cached.choice;
    const choice = parseProfileChoice(stored);
    snapshots.set(userId, { stored, choice });
    return choice;
  },
  choose(userId: string, choice: ProfileChoice): void {
    try {
      localStorage.setItem(storageKey(userId), serialise(choice));
    } catch {
      // Storage refused (private mode, full): the choice lasts for this page only.
      snapshots.set(userId, { stored: readStored(userId), choice });
    }
    notify();
  },
};

function onStorageEvent(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith(storagePrefix)) notify();
}

/** The remembered choice of the signed-in user. */
export function useProfileChoice(): ProfileChoice {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useSyncExternalStore(
    activeProfileStore.subscribe,
    () => activeProfileStore.get(userId),
    () => activeProfileStore.get(userId),
  );
}

/** The profile in use: the personal one, or one of the user's organisations (with its name and role). */
export type ActiveProfile = { kind: 'personal' } | { kind: 'organisation'; organisation: OrganisationSummary };

/**
 * The profile in use, and whether it is still being settled. A remembered organisation counts only
 * while the user still belongs to it (GET /api/organisations, asked only when an organisation is
 * remembered); while the list loads `pending` is true, and after leaving the organisation the
 * personal profile is in use.
 */
export function useActiveProfileState(): { profile: ActiveProfile; pending: boolean } {
  const { user } = useSession();
  const choice = useProfileChoice();
  const wantsOrganisation = choice.kind === 'organisation' && user !== null;
  const organisations = useOrganisations(wantsOrganisation ? user.id : null);
  if (choice.kind !== 'organisation') return { profile: { kind: 'personal' }, pending: false };
  const organisation = organisations.data?.find((candidate) => candidate.id === choice.organisationId);
  if (organisation) return { profile: { kind: 'organisation', organisation }, pending: false };
  return { profile: { kind: 'personal' }, pending: wantsOrganisation && organisations.isPending };
}

/** The profile in use (the personal one until a remembered organisation is confirmed). */
export function useActiveProfile(): ActiveProfile {
  return useActiveProfileState().profile;
}

/** An organisation id given in a URL (`?organisation=`), or null when it is not one. */
export function parseOrganisationId(value: string | null): string | null {
  const choice = parseProfileChoice(value === null ? null : `organisation:${value}`);
  return choice.kind === 'organisation' ? choice.organisationId : null;
}
