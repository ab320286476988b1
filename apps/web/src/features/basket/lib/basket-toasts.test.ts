// @vitest-environment node
import { basketRuleMessages } from '@app/contract/basket';
import { basketMessages } from '@app/contract/messages';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import '../basket-texts';

describe('basket toasts', () => {
  it('spell spec 8’s basket messages as the contract does', () => {
    expect(t('basket.toasts.failedToFetch')).toBe(basketMessages.failedToFetchBasket);
    expect(t('basket.toasts.failedToApplyDiscount')).toBe(basketMessages.failedToApplyCoupon);
    expect(t('basket.toasts.failedToRemoveDiscount')).toBe(basketMessages.failedToRemoveCoupon);
    expect(t('serverErrors.itemAlreadyExists')).toBe(basketMessages.itemAlreadyExists);
    expect(t('serverErrors.invalidItem')).toBe(basketRuleMessages.invalidItem);
  });
});
