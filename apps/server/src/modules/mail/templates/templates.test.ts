import { describe, expect, it } from 'vitest';
import { orderConfirmationMessage } from './order-confirmation.tsx';
import { resetPasswordMessage } from './reset-password.tsx';
import { shareOfferMessage } from './share-offer.tsx';
import { verifyEmailMessage } from './verify-email.tsx';

const templates = [
  ['verification', (name: string, url: string) => verifyEmailMessage('a@example.com', { name, verifyUrl: url, expiresInMinutes: 60 })],
  ['password reset', (name: string, url: string) => resetPasswordMessage('a@example.com', { name, resetUrl: url, expiresInMinutes: 60 })],
] as const;

describe.each(templates)('the %s e-mail', (_kind, render) => {
  const url = 'https://compass.example/path/abc?email=a%40example.com&x=1';

  it('is a complete HTML document whose button and fallback text both carry the link', () => {
    const { html, links } = render('Ada', url);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"\/>/);
    expect(html.match(new RegExp(`href="${url.replaceAll('?', '\\?').replaceAll('&', '&amp;')}"`, 'g'))).toHaveLength(2);
    expect(links).toEqual([url]);
  });

  it('escapes the name in the HTML part and keeps it as typed in the text part', () => {
    const { html, text } = render('<img src=x onerror=alert(1)> & Co', url);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(html).not.toContain('<img');
    expect(text).toContain('Hello <img src=x onerror=alert(1)> & Co,');
  });

  it('has a plain-text part written for text: the link on a line of its own, short lines, no markup', () => {
    const { text } = render('Ada', url);
    expect(text.split('\n')).toContain(url);
    expect(text).toContain('60 minutes');
    expect(text).not.toMatch(/<\/?[a-z]/);
    expect(text).toMatch(/-- Compass$/);
  });
});

describe('the order confirmation e-mail', () => {
  const props = {
    name: 'Ada Lovelace',
    orderNumber: '2026-000042',
    date: '21 November 2026',
    lines: [{ title: 'BIG5 personality report', quantity: 1, unitPrice: '€29.00', amount: '€29.00' }],
    totals: [
      { label: 'Subtotal (net)', amount: '€29.00', emphasis: false },
      { label: 'VAT 19% (DE)', amount: '€5.51', emphasis: false },
      { label: 'Total', amount: '€34.51', emphasis: true },
    ],
    consentStatement: 'You asked for immediate delivery.',
    reportsUrl: 'https://compass.example/reports',
  };

  it('lists the lines and the totals in the invoice’s order, in both parts, with the reports link', () => {
    const { subject, html, text, links } = orderConfirmationMessage('a@example.com', props);
    expect(subject).toBe('Your Compass order 2026-000042');
    expect(text.split('\n')).toEqual(
      expect.arrayContaining(['Order number: 2026-000042', 'Date: 21 November 2026', 'BIG5 personality report: 1 × €29.00 = €29.00', 'You asked for immediate delivery.', 'https://compass.example/reports']),
    );
    expect(text.indexOf('Subtotal (net): €29.00')).toBeLessThan(text.indexOf('VAT 19% (DE): €5.51'));
    expect(text.indexOf('VAT 19% (DE): €5.51')).toBeLessThan(text.indexOf('Total: €34.51'));
    expect(text).not.toMatch(/<\/?[a-z]/);
    expect(html.match(/href="https:\/\/compass\.example\/reports"/g)).toHaveLength(2);
    expect(html).toContain('<th scope="col"');
    expect(links).toEqual(['https://compass.example/reports']);
  });

  it('escapes the typed name and the product titles in the HTML part', () => {
    const { html } = orderConfirmationMessage('a@example.com', { ...props, name: '<script>x</script>', lines: [{ ...props.lines[0]!, title: 'A & <b>B</b>' }] });
    expect(html).toContain('Hello &lt;script&gt;x&lt;/script&gt;,');
    expect(html).toContain('A &amp; &lt;b&gt;B&lt;/b&gt;');
    expect(html).not.toContain('<script>');
  });

  it('says nothing of the consent for an order placed before it was asked', () => {
    const { text } = orderConfirmationMessage('a@example.com', { ...props, consentStatement: null });
    expect(text).not.toContain('immediate delivery');
  });
});

describe('the share offer e-mail', () => {
  const props = { clientName: 'Oak <b>Client</b> & Co', expertName: 'People <i>Advisors</i>', scope: ['see its team overview'], clientsUrl: 'https://compass.example/organization/e1/clients' };

  it('shows the organisations’ names as typed: escaped in the HTML part, as they are in the text part', () => {
    const { subject, html, text, links } = shareOfferMessage('expert@example.com', props);
    expect(subject).toBe('Oak <b>Client</b> & Co wants to work with you on Compass');
    expect(html).toContain('Oak &lt;b&gt;Client&lt;/b&gt; &amp; Co offers to share its organisation with People &lt;i&gt;Advisors&lt;/i&gt;');
    expect(html).not.toContain('<b>Client');
    expect(text).toContain('Oak <b>Client</b> & Co offers to share its organisation with People <i>Advisors</i>. Once you accept, your owners and admins may see its team overview.');
    expect(text.split('\n')).toContain(props.clientsUrl);
    expect(links).toEqual([props.clientsUrl]);
  });
});
