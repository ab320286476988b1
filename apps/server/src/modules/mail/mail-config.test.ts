import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('mail configuration', () => {
  it('keeps mail in the log and the dev outbox unless SMTP_URL is set, from Compass <no-reply@localhost>', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Compass <no-reply@localhost>');
    expect(config.mailRetryDelaySeconds).toBe(10);
  });

  it('accepts smtp:// and smtps:// relays and a sender of your own', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example:465' }).smtpUrl).toBe('smtps://user:secret@mail.example:465');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'Team <team@example.com>' }).mailFrom).toBe('Team <team@example.com>');
  });

  it.each([
    ['SMTP_URL', 'http://mail.example', 'must be an smtp:// or smtps:// URL'],
    ['MAIL_RETRY_DELAY_SECONDS', '0', 'must be a whole number of seconds above 0'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
