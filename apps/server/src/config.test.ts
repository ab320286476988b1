import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { repoRootDir } from './paths.ts';

describe('loadConfig', () => {
  it('has defaults that start the product on http://localhost:3000, loopback only', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(repoRootDir, 'data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('derives PUBLIC_URL from PORT and resolves a relative DATA_DIR against the working directory', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'var/data' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('var/data'));
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('drops the trailing slash of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://compass.example/' }).publicUrl).toBe('https://compass.example');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', 'abc', 'Invalid configuration: PORT must be a port number (1-65535) (got "abc")'],
    ['PORT', '70000', 'Invalid configuration: PORT must be a port number (1-65535) (got "70000")'],
    ['NODE_ENV', 'staging', 'Invalid configuration: NODE_ENV must be one of development, production, test (got "staging")'],
    ['LOG_LEVEL', 'loud', 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['DATABASE_URL', 'mysql://x@y/z', 'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x@y/z")'],
    ['PUBLIC_URL', 'compass.example', 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "compass.example")'],
    ['TRUST_PROXY', 'sometimes', 'Invalid configuration: TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses (got "sometimes")'],
  ])('refuses a bad %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    expect(message).not.toContain('\n');
  });
});

describe('loadConfig: accounts and sessions (issue 3)', () => {
  it('defaults to 15-minute access tokens, 30-day logins, open sign-up and no Google', () => {
    expect(loadConfig({})).toMatchObject({
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      signupEnabled: true,
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
  });

  it('reads the token lifetimes, SIGNUP_ENABLED and the Google settings', () => {
    const config = loadConfig({
      ACCESS_TOKEN_TTL: '300',
      REFRESH_TOKEN_TTL: '86400',
      SIGNUP_ENABLED: 'false',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/certs',
    });
    expect(config).toMatchObject({
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 86_400,
      signupEnabled: false,
      googleClientId: 'abc.apps.googleusercontent.com',
      googleJwksUrl: 'http://127.0.0.1:9999/certs',
    });
  });

  it.each([
    ['ACCESS_TOKEN_TTL', '0', 'Invalid configuration: ACCESS_TOKEN_TTL must be a whole number of seconds above 0 (got "0")'],
    ['REFRESH_TOKEN_TTL', '1.5', 'Invalid configuration: REFRESH_TOKEN_TTL must be a whole number of seconds above 0 (got "1.5")'],
    ['SIGNUP_ENABLED', 'maybe', 'Invalid configuration: SIGNUP_ENABLED must be true or false (got "maybe")'],
    ['GOOGLE_JWKS_URL', 'certs.json', 'Invalid configuration: GOOGLE_JWKS_URL must be an http:// or https:// URL (got "certs.json")'],
  ])('refuses a bad %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('refuses a login lifetime that is not longer than an access token’s', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '900', REFRESH_TOKEN_TTL: '600' })).toThrow(
      'Invalid configuration: REFRESH_TOKEN_TTL must be longer than ACCESS_TOKEN_TTL (got 600 and 900)',
    );
  });
});

describe('loadConfig: sign-up limit and secrets in errors', () => {
  it('allows 10 sign-ups per IP and hour unless SIGNUP_LIMIT_PER_HOUR says otherwise', () => {
    expect(loadConfig({}).signupLimitPerHour).toBe(10);
    expect(loadConfig({ SIGNUP_LIMIT_PER_HOUR: '500' }).signupLimitPerHour).toBe(500);
    expect(() => loadConfig({ SIGNUP_LIMIT_PER_HOUR: '0' })).toThrow(/^Invalid configuration: SIGNUP_LIMIT_PER_HOUR/);
  });

  it('opens twice as many database connections as the machine has cores unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(2, 2 * availableParallelism()));
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/^Invalid configuration: DATABASE_POOL_SIZE/);
  });

  it('gives the session look-ups a quarter as many connections of their own as the pool, at least one', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).sessionLookupPoolSize).toBe(1);
    expect(loadConfig({ DATABASE_POOL_SIZE: '2' }).sessionLookupPoolSize).toBe(1);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).sessionLookupPoolSize).toBe(3);
  });

  it('answers checked tokens from memory for 2 seconds unless SESSION_CACHE_TTL_MS says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).sessionCacheTtlMs).toBe(2_000);
    expect(loadConfig({ SESSION_CACHE_TTL_MS: '0' }).sessionCacheTtlMs).toBe(0);
    expect(() => loadConfig({ SESSION_CACHE_TTL_MS: '-1' })).toThrow(/^Invalid configuration: SESSION_CACHE_TTL_MS/);
  });

  it('answers reports lists from memory for 2 seconds unless REPORT_LIST_CACHE_TTL_MS says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).reports.listCacheTtlMs).toBe(2_000);
    expect(loadConfig({ REPORT_LIST_CACHE_TTL_MS: '0' }).reports.listCacheTtlMs).toBe(0);
    expect(() => loadConfig({ REPORT_LIST_CACHE_TTL_MS: '60001' })).toThrow(/^Invalid configuration: REPORT_LIST_CACHE_TTL_MS/);
  });

  it('answers priced baskets from memory for 2 seconds unless BASKET_CACHE_TTL_MS says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).basketCacheTtlMs).toBe(2_000);
    expect(loadConfig({ BASKET_CACHE_TTL_MS: '500' }).basketCacheTtlMs).toBe(500);
    expect(loadConfig({ BASKET_CACHE_TTL_MS: '0' }).basketCacheTtlMs).toBe(0);
    expect(() => loadConfig({ BASKET_CACHE_TTL_MS: '-1' })).toThrow(/^Invalid configuration: BASKET_CACHE_TTL_MS/);
    expect(() => loadConfig({ BASKET_CACHE_TTL_MS: 'soon' })).toThrow(/^Invalid configuration: BASKET_CACHE_TTL_MS/);
  });

  it('never prints the password of a URL it refuses', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'http://mailer:s3cret-pass@relay.example:587' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "http://mailer:***@relay.example:587")');
    expect(message).not.toContain('s3cret-pass');
  });
});

describe('loadConfig: shop (issue 5)', () => {
  it('prices baskets with German VAT unless DEFAULT_VAT_COUNTRY names another EU member state', () => {
    expect(loadConfig({}).defaultVatCountry).toBe('DE');
    expect(loadConfig({ DEFAULT_VAT_COUNTRY: 'fr' }).defaultVatCountry).toBe('FR');
    // Greece's VAT prefix is accepted for its ISO code.
    expect(loadConfig({ DEFAULT_VAT_COUNTRY: 'EL' }).defaultVatCountry).toBe('GR');
  });

  it('refuses a DEFAULT_VAT_COUNTRY outside the EU', () => {
    expect(() => loadConfig({ DEFAULT_VAT_COUNTRY: 'CH' })).toThrow(
      'Invalid configuration: DEFAULT_VAT_COUNTRY must be the ISO code of an EU member state, such as DE (got "CH")',
    );
  });
});

describe('loadConfig: payments (issue 5)', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

  it('uses the offline test provider without Stripe keys, and Stripe with them', () => {
    expect(loadConfig({}).payments).toMatchObject({ provider: 'test', stripe: undefined, orderPaymentTimeoutMinutes: 30 });
    expect(loadConfig(stripeKeys).payments).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123', webhookSecret: 'whsec_abc123', apiUrl: undefined },
    });
  });

  it('asks for every Stripe key once Stripe is chosen', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow('Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when payments go through Stripe');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('Invalid configuration: STRIPE_SECRET_KEY is required when payments go through Stripe');
    expect(() => loadConfig({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('Invalid configuration: STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_...)');
  });

  it('records whether the provider was chosen explicitly (a production server on test cards warns otherwise)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toMatchObject({ provider: 'test', providerChosen: false });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).payments).toMatchObject({ provider: 'test', providerChosen: true });
  });

  it('puts the seller on invoices from SELLER_NAME, SELLER_ADDRESS (lines split by | or a newline) and SELLER_VAT_NUMBER', () => {
    expect(loadConfig({}).payments.seller).toEqual({ name: 'Compass Assessments GmbH', addressLines: ['Friedrichstraße 68', '10117 Berlin', 'Germany'], vatNumber: 'DE000000000' });
    expect(loadConfig({ SELLER_NAME: 'Acme BV', SELLER_ADDRESS: 'Damrak 1\n1012 LG Amsterdam', SELLER_VAT_NUMBER: 'NL123456789B01' }).payments.seller).toEqual({
      name: 'Acme BV',
      addressLines: ['Damrak 1', '1012 LG Amsterdam'],
      vatNumber: 'NL123456789B01',
    });
  });
});

describe('loadConfig: file storage (issue 11)', () => {
  const s3 = { S3_BUCKET: 'compass-reports', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret' };

  it('keeps files in DATA_DIR/files unless FILES_DIR or S3_BUCKET says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/compass' }).reports).toMatchObject({ filesDir: path.resolve('/srv/compass/files'), s3: undefined });
    expect(loadConfig({ FILES_DIR: '/mnt/shared/files' }).reports).toMatchObject({ filesDir: path.resolve('/mnt/shared/files'), s3: undefined });
  });

  it('sends files to the S3 bucket when S3_BUCKET is set, in us-east-1 with virtual-hosted addresses by default', () => {
    expect(loadConfig(s3).reports.s3).toEqual({
      bucket: 'compass-reports',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret' },
    });
  });

  it('reads an S3-compatible service’s endpoint, region and path-style addressing', () => {
    const config = loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.reports.s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true });
  });

  it('leaves the credentials to the SDK’s default chain (a role, AWS_* variables) on AWS when no key is given', () => {
    expect(loadConfig({ S3_BUCKET: 'compass-reports' }).reports.s3).toMatchObject({ bucket: 'compass-reports', credentials: undefined });
  });

  it.each([
    [{ S3_BUCKET: 'compass-reports', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set'],
    [{ S3_BUCKET: 'compass-reports', S3_SECRET_ACCESS_KEY: 'very-secret' }, 'Invalid configuration: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set'],
    [
      { S3_BUCKET: 'compass-reports', S3_ENDPOINT: 'https://minio.internal:9000' },
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT (only AWS itself offers default credentials)',
    ],
    [{ S3_ENDPOINT: 'https://minio.internal:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }, 'Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set'],
    [{ S3_FORCE_PATH_STYLE: 'true' }, 'Invalid configuration: S3_BUCKET is required when S3_FORCE_PATH_STYLE is set'],
    [{ S3_BUCKET: 'Compass_Reports' }, 'Invalid configuration: S3_BUCKET must be an S3 bucket name (3-63 lower-case letters, digits, dots and hyphens) (got "Compass_Reports")'],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'Invalid configuration: S3_ENDPOINT must be an http:// or https:// URL (got "minio:9000")'],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "yes")'],
    [{ ...s3, S3_REGION: 'EU Central' }, 'Invalid configuration: S3_REGION must be a region name such as us-east-1 (got "EU Central")'],
  ])('refuses an S3 set-up that cannot work (%o) at start, with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never prints the secret access key', () => {
    let message = '';
    try {
      loadConfig({ S3_BUCKET: 'compass-reports', S3_SECRET_ACCESS_KEY: 'very-secret', S3_REGION: 'not valid' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).not.toContain('very-secret');
  });
});
