import { useSyncExternalStore } from 'react';
import { appearanceStore, type Appearance, type ResolvedAppearance } from './appearance';

export interface UseAppearance {
  appearance: Appearance;
  resolvedAppearance: ResolvedAppearance;
  updateAppearance: (value: Appearance) => void;
}

/** The appearance preference; every caller reads the same store, so two controls never disagree. */
export function useAppearance(): UseAppearance {
  const snapshot = useSyncExternalStore(appearanceStore.subscribe, appearanceStore.getSnapshot, appearanceStore.getSnapshot);
  return {
    appearance: snapshot.appearance,
    resolvedAppearance: snapshot.resolved,
    updateAppearance: appearanceStore.setAppearance,
  };
}
