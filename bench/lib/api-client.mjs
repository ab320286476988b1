// One simulated user's HTTP client: real requests with fetch, the CSRF pair as the SPA sends it
// (GET /sanctum/csrf-cookie once, then the cookie and X-XSRF-TOKEN on every change), a bearer
// token once signed in, and its own client address (X-Forwarded-For: the bench servers run with
// TRUST_PROXY, as behind a load balancer). With several base URLs every request goes to the next
// one in turn, so one journey is spread across the instances step by step.

export class JourneyError extends Error {
  name = 'JourneyError';
}

export class ApiClient {
  #bases;
  #turn;
  #timings;
  #csrf;
  /** The bearer token, set once signed in. */
  accessToken;
  /** The client address this user's requests come from. */
  address;

  /**
   * @param {{ bases: string[], timings: import('./timings.mjs').Timings, address: string, firstBase?: number }} options
   */
  constructor({ bases, timings, address, firstBase = 0 }) {
    this.#bases = bases;
    this.#turn = firstBase;
    this.#timings = timings;
    this.address = address;
  }

  /** Records this client's further requests in `timings` (a user prepared before the measured time). */
  useTimings(timings) {
    this.#timings = timings;
  }

  /** The base URL the next request goes to (and moves on to the one after). */
  nextBase() {
    const base = this.#bases[this.#turn % this.#bases.length];
    this.#turn += 1;
    return base;
  }

  async #csrfHeaders() {
    if (!this.#csrf) {
      const base = this.nextBase();
      const started = performance.now();
      const response = await fetch(`${base}/sanctum/csrf-cookie`, { headers: { 'x-forwarded-for': this.address } });
      this.#timings.record('GET /sanctum/csrf-cookie', performance.now() - started, response.status);
      await response.arrayBuffer();
      const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
      const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='));
      if (!xsrf) throw new JourneyError(`GET /sanctum/csrf-cookie set no XSRF-TOKEN (status ${response.status})`);
      this.#csrf = { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) };
    }
    return this.#csrf;
  }

  /**
   * One request. `endpoint` names it in the timings ("POST /api/checkout"); `expect` lists the
   * statuses that let the journey go on (anything else throws). Resolves with the status and the
   * body (parsed JSON, or the bytes with `binary`).
   * @param {string} method
   * @param {string} endpoint
   * @param {string} path
   * @param {{ body?: unknown, expect?: number[], binary?: boolean, base?: string, token?: string | null }} [options]
   */
  async call(method, endpoint, path, options = {}) {
    const headers = { 'x-forwarded-for': this.address };
    const token = options.token === undefined ? this.accessToken : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET') Object.assign(headers, await this.#csrfHeaders());
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const base = options.base ?? this.nextBase();
    const started = performance.now();
    let response;
    let body;
    try {
      response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      body = options.binary ? Buffer.from(await response.arrayBuffer()) : await response.text();
    } catch (error) {
      this.#timings.recordError(endpoint);
      throw new JourneyError(`${endpoint} on ${base}: ${error.cause?.code ?? error.message}`);
    }
    this.#timings.record(endpoint, performance.now() - started, response.status);
    const expected = options.expect ?? [200, 201, 202, 204];
    if (!expected.includes(response.status)) {
      const text = Buffer.isBuffer(body) ? body.toString('utf8', 0, 300) : body.slice(0, 300);
      throw new JourneyError(`${endpoint} on ${base} answered ${response.status}: ${text}`);
    }
    if (options.binary) return { status: response.status, body, headers: response.headers };
    return { status: response.status, body: body ? JSON.parse(body) : null, headers: response.headers };
  }
}
