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
  sessionExpired: 'Session expired. Please log in again.',
} as const;
