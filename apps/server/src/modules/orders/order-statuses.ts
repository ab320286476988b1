/** The statuses from which an order can still be paid, failed or expired. */
export const openOrderStatuses = ['pending_payment', 'requires_action'] as const;
