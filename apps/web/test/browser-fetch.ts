// Node's fetch keeps no cookies. This wraps the real fetch with the one browser behaviour the
// client relies on: a cookie jar that stores Set-Cookie answers and sends the cookies back only
// on requests made with `credentials: 'include'` (the API may live on another origin).

export type BrowserFetch = {
  fetch: typeof fetch;
  /** The jar as `document.cookie` shows it: `a=1; b=2`, values still encoded. */
  cookieString(): string;
  /** Puts a cookie in the jar as the server would have set it (raw, encoded value). */
  setCookie(name: string, rawValue: string): void;
  /** The credentials mode of every request, in order. */
  credentialsModes: (RequestCredentials | undefined)[];
};

export function createBrowserFetch(): BrowserFetch {
  const jar = new Map<string, string>();
  const credentialsModes: (RequestCredentials | undefined)[] = [];
  const cookieString = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  const browserFetch: typeof fetch = async (input, init) => {
    credentialsModes.push(init?.credentials);
    const headers = new Headers(init?.headers);
    if (init?.credentials === 'include' && jar.size > 0) headers.set('Cookie', cookieString());
    const response = await globalThis.fetch(input, { ...init, headers });
    for (const setCookie of response.headers.getSetCookie()) storeSetCookie(jar, setCookie);
    return response;
  };

  return {
    fetch: browserFetch,
    cookieString,
    setCookie: (name, rawValue) => jar.set(name, rawValue),
    credentialsModes,
  };
}

function storeSetCookie(jar: Map<string, string>, header: string): void {
  const [pair = '', ...attributes] = header.split(';');
  const separator = pair.indexOf('=');
  if (separator < 0) return;
  const name = pair.slice(0, separator).trim();
  const value = pair.slice(separator + 1).trim();
  const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
  if (expired) jar.delete(name);
  else jar.set(name, value);
}
