// Client-side helpers for the account benches: the CSRF cookie dance and a fresh signed-up user.

/** GET /sanctum/csrf-cookie as a browser would: the Cookie header to send back and the X-XSRF-TOKEN value. */
export async function csrfHeaders(baseUrl) {
  const response = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='));
  if (!xsrf) throw new Error(`no XSRF-TOKEN cookie (status ${response.status})`);
  return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) };
}

export const benchPassword = 'Bench-Harbour-Lantern-42';

/** Signs up a new account through POST /api/register; resolves with its e-mail and tokens. */
export async function registerBenchUser(baseUrl, name = 'bench') {
  const email = `${name}-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) },
    body: JSON.stringify({
      name: 'Bench User',
      email,
      password: benchPassword,
      password_confirmation: benchPassword,
      accept_privacy_policy: true,
      accept_terms: true,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { email, password: benchPassword, ...(await response.json()) };
}

/** Birth details every bench user saves (PUT /api/user/birth-details): the questionnaire opens after them. */
export const benchBirthDetails = {
  birth_date: '1991-08-24',
  birth_time: '18:10:00',
  birth_city: 'Ghent',
  birth_country: 'Belgium',
  country_code: 'BE',
  latitude: 51.05,
  longitude: 3.71667,
  timezone: 'Europe/Brussels',
};
