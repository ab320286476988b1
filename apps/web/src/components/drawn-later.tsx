import type { ReactNode } from 'react';
import { useProgressiveCount } from './use-progressive-count';

/**
 * Draws its children `after` tasks after the one that first draws it (use-progressive-count.ts:
 * at once for a print or an address with a #fragment). Only this part renders then: what its
 * parent drew before is not drawn again, as it would be if the parent counted the parts itself.
 * Siblings with `after` 1, 2, 3 open a long form as a few short tasks, in that order, instead of
 * one long one on a phone.
 */
export function DrawnLater({ after = 1, children }: { after?: number; children: ReactNode }) {
  return useProgressiveCount(after, 0) === after ? children : null;
}
