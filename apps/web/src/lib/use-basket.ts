import { useSyncExternalStore } from 'react';
import { basketStore, type BasketState, type BasketStore } from './basket-store.ts';

/** The app's basket (spec 4); every component reads the same store, so two can never disagree. */
export function useBasket(store: BasketStore = basketStore): BasketState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
