import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// Inline styles only: most mail clients drop <style> blocks and external stylesheets.
export const colors = { text: '#1f2933', muted: '#616e7c', accent: '#3b5bdb', border: '#e4e7eb', background: '#f5f7fa' } as const;
const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const productName = 'Compass';

interface EmailLayoutProps {
  /** The document title, shown by some clients in the tab. */
  title: string;
  /** The line mail clients show next to the subject in the inbox list. */
  preview: string;
  children: ReactNode;
}

/** The frame every e-mail shares: the product name, a white card, and a small footer. */
export function EmailLayout({ title, preview, children }: EmailLayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.background, fontFamily, color: colors.text }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: colors.background }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '32px 16px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560 }}>
                  <tbody>
                    <tr>
                      <td style={{ paddingBottom: 16, fontSize: 20, fontWeight: 700, color: colors.accent }}>{productName}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          backgroundColor: '#ffffff',
                          border: `1px solid ${colors.border}`,
                          borderRadius: 8,
                          padding: 32,
                          fontSize: 16,
                          lineHeight: 1.5,
                        }}
                      >
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ paddingTop: 16, fontSize: 12, lineHeight: 1.5, color: colors.muted }}>
                        You receive this e-mail because of an action on your {productName} account. It was sent automatically;
                        replies are not read.
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <p style={{ margin: '0 0 16px', color: muted ? colors.muted : colors.text, fontSize: muted ? 14 : 16 }}>{children}</p>;
}

/** The one call to action, plus the same address as text for clients that block buttons. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <p style={{ margin: '24px 0' }}>
        <a
          href={href}
          style={{
            display: 'inline-block',
            backgroundColor: colors.accent,
            color: '#ffffff',
            padding: '12px 24px',
            borderRadius: 6,
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          {children}
        </a>
      </p>
      <p style={{ margin: '0 0 16px', fontSize: 13, color: colors.muted, wordBreak: 'break-all' }}>
        If the button does not work, copy this address into your browser: <a href={href} style={{ color: colors.accent }}>{href}</a>
      </p>
    </>
  );
}

/** A complete HTML document from a template's element. */
export function renderEmailHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}
