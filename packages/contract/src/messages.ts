// The spec's own wording (sections 5 and 8). Forms and server both read these, so a message is
// spelled in exactly one place.
export const validationMessages = {
  required: 'Field is required',
  email: 'Must be a valid email',
  passwordConfirmationRequired: 'Please confirm your password',
  passwordMismatch: 'Passwords do not match',
  passwordRules: 'Password does not meet the required conditions',
  privacyPolicyRequired: 'You must accept the privacy policy',
  termsRequired: 'You must accept the terms and conditions',
  selectAnswer: 'Please select an answer.',
  discountCodeRequired: 'Please enter a discount code.',
  minimalQuantity: (value: number) => `Minimal quantity is ${value}`,
} as const;

export const errorMessages = {
  generic: 'Oops! Something went wrong, please try again later.',
  anErrorOccurred: 'An error occurred',
  invalidCredentials: 'Invalid login credentials',
  invalidData: 'The provided data is invalid. Please check your input and try again.',
  aiUnavailable: 'AI Servers currently unavailable, please try another model or wait and try again.',
  failedToFetch: 'Failed to fetch',
  tryAgainLater: 'Something went wrong. Please try again later...',
  /** 503 while the database cannot be reached (the web shows its own serverErrors.service_unavailable, same words). */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a few minutes.',
  sessionExpired: 'Session expired. Please log in again.',
  /** A 400 the server has no words of its own for (a body it cannot read). */
  requestNotProcessed: 'The request could not be processed.',
} as const;

/** Basket messages (spec section 8). The coupon refusals are ours: basketRuleMessages in cart.ts. */
export const basketMessages = {
  failedToFetchBasket: 'Failed to fetch the basket',
  failedToApplyCoupon: 'Failed to apply coupon',
  failedToRemoveCoupon: 'Failed to remove the coupon',
  itemAlreadyExists: 'Item already exists',
} as const;

/** Payment and checkout messages (spec section 8), and our wording of the retry hint. */
export const paymentMessages = {
  paymentFailed: 'Payment failed',
  paymentFailedRetry: 'Nothing was charged. Check your card details and try again, or use another card.',
  failedToAttachPaymentMethod: 'Failed to attach payment method',
  failedToInitializeCardForm: 'Failed to initialize card form',
  identityMissing: 'You missed identifying yourself, click here to try again!',
} as const;
