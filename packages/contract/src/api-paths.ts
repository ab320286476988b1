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
