import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';

const on = { REPORT_AI_URL: 'https://ai.example/v1/chat/completions', REPORT_AI_MODEL: 'gpt-4o-mini', REPORT_AI_KEY: 'sk-secret-key-123' };

describe('loadConfig: the AI narrative of reports (issue 11)', () => {
  it('is off by default', () => {
    expect(loadConfig({}).reports.ai).toBeUndefined();
  });

  it('is on with an endpoint, a model and a key, and waits 20 s for an answer unless REPORT_AI_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig(on).reports.ai).toEqual({ url: on.REPORT_AI_URL, model: 'gpt-4o-mini', key: 'sk-secret-key-123', timeoutMs: 20_000 });
    expect(loadConfig({ ...on, REPORT_AI_TIMEOUT_MS: '5000' }).reports.ai?.timeoutMs).toBe(5000);
  });

  it.each([
    [{ REPORT_AI_URL: on.REPORT_AI_URL }, 'Invalid configuration: REPORT_AI_MODEL and REPORT_AI_KEY are required when REPORT_AI_URL is set (the AI narrative needs all three)'],
    [{ REPORT_AI_URL: on.REPORT_AI_URL, REPORT_AI_MODEL: 'gpt-4o-mini' }, 'Invalid configuration: REPORT_AI_KEY is required when REPORT_AI_URL and REPORT_AI_MODEL are set (the AI narrative needs all three)'],
    [{ REPORT_AI_KEY: on.REPORT_AI_KEY }, 'Invalid configuration: REPORT_AI_URL and REPORT_AI_MODEL are required when REPORT_AI_KEY is set (the AI narrative needs all three)'],
  ])('stops the start when only some of the three are set (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a URL that is not http(s) and a timeout out of range, naming the variable', () => {
    expect(() => loadConfig({ ...on, REPORT_AI_URL: 'ftp://ai.example/chat' })).toThrow('Invalid configuration: REPORT_AI_URL must be an http:// or https:// URL (got "ftp://ai.example/chat")');
    expect(() => loadConfig({ ...on, REPORT_AI_TIMEOUT_MS: '500000' })).toThrow('Invalid configuration: REPORT_AI_TIMEOUT_MS must be a whole number of milliseconds (100-120000) (got "500000")');
  });

  it('never repeats the key in an error', () => {
    expect(() => loadConfig({ ...on, REPORT_AI_KEY: '   ' })).toThrow(/^Invalid configuration: REPORT_AI_KEY must not be blank$/);
  });
});
