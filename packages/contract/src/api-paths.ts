// Every path the web calls, spelled once. Section 7 of the spec fixes the first group.
export const apiPaths = {
  csrfCookie: '/sanctum/csrf-cookie',
  login: '/api/login',
  loginGoogle: '/api/login/google',
  logout: '/api/logout',
  user: '/api/user',
  refreshToken: '/api/auth/refresh-token',
  authConfig: '/api/auth/config',
  health: '/health',
} as const;

/** Our own calls for accounts (issue 3); the spec leaves these "not shown". */
export const accountApiPaths = {
  register: '/api/register',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
  verifyEmail: '/api/email/verify',
  resendVerification: '/api/email/verification-notification',
  birthDetails: '/api/user/birth-details',
  profile: '/api/user/profile',
  password: '/api/user/password',
  deleteAccount: '/api/user',
  acceptPolicies: '/api/policies/accept',
  locations: '/api/locations',
  devOutbox: '/api/dev/outbox',
} as const;
