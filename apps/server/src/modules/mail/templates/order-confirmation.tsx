import type { MailMessage } from '../mail-message.ts';
import { ActionButton, colors, EmailLayout, Paragraph, productName, renderEmailHtml } from './layout.tsx';

export interface OrderConfirmationLine {
  title: string;
  quantity: number;
  /** Amounts arrive formatted as the invoice shows them ("€29.00"). */
  unitPrice: string;
  amount: string;
}

export interface OrderConfirmationTotal {
  label: string;
  amount: string;
  /** The total itself, in bold. */
  emphasis: boolean;
}

export interface OrderConfirmationProps {
  /** The buyer's name as typed at checkout (escaped in the HTML part). */
  name: string;
  orderNumber: string;
  /** The order's date as its invoice shows it ("21 November 2026"). */
  date: string;
  lines: readonly OrderConfirmationLine[];
  /** Subtotal, discount, VAT and total, labelled as on the invoice. */
  totals: readonly OrderConfirmationTotal[];
  /** The buyer's request for immediate delivery of the reports (issue 11); null before it was asked. */
  consentStatement: string | null;
  /** The reports page on PUBLIC_URL. */
  reportsUrl: string;
}

const subjectOf = (orderNumber: string) => `Your ${productName} order ${orderNumber}`;
const thanks = 'Thank you for your order. Your payment was received and your reports are being prepared: they appear under Reports as soon as they are ready.';

const cell = { padding: '6px 0', borderBottom: `1px solid ${colors.border}`, fontSize: 14, verticalAlign: 'top' } as const;
const numberCell = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: 12 } as const;

export function OrderConfirmation({ name, orderNumber, date, lines, totals, consentStatement, reportsUrl }: OrderConfirmationProps) {
  return (
    <EmailLayout title={subjectOf(orderNumber)} preview={`Order ${orderNumber}: your reports are being prepared.`}>
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>{thanks}</Paragraph>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px', fontSize: 14 }}>
        <tbody>
          <tr>
            <td style={{ paddingRight: 16, color: colors.muted }}>Order number</td>
            <td>{orderNumber}</td>
          </tr>
          <tr>
            <td style={{ paddingRight: 16, color: colors.muted }}>Date</td>
            <td>{date}</td>
          </tr>
        </tbody>
      </table>
      <table width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'left', color: colors.muted, fontWeight: 600 }}>Item</th>
            <th scope="col" style={{ ...numberCell, color: colors.muted, fontWeight: 600 }}>Qty</th>
            <th scope="col" style={{ ...numberCell, color: colors.muted, fontWeight: 600 }}>Unit price</th>
            <th scope="col" style={{ ...numberCell, color: colors.muted, fontWeight: 600 }}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td style={cell}>{line.title}</td>
              <td style={numberCell}>{line.quantity}</td>
              <td style={numberCell}>{line.unitPrice}</td>
              <td style={numberCell}>{line.amount}</td>
            </tr>
          ))}
          {totals.map((total) => (
            <tr key={total.label}>
              <td colSpan={3} style={{ ...cell, fontWeight: total.emphasis ? 700 : 400 }}>
                {total.label}
              </td>
              <td style={{ ...numberCell, fontWeight: total.emphasis ? 700 : 400 }}>{total.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {consentStatement && <Paragraph muted>{consentStatement}</Paragraph>}
      <ActionButton href={reportsUrl}>Go to my reports</ActionButton>
    </EmailLayout>
  );
}

function orderConfirmationText({ name, orderNumber, date, lines, totals, consentStatement, reportsUrl }: OrderConfirmationProps): string {
  return [
    `Hello ${name},`,
    '',
    thanks,
    '',
    `Order number: ${orderNumber}`,
    `Date: ${date}`,
    '',
    ...lines.map((line) => `${line.title}: ${line.quantity} × ${line.unitPrice} = ${line.amount}`),
    '',
    ...totals.map((total) => `${total.label}: ${total.amount}`),
    ...(consentStatement ? ['', consentStatement] : []),
    '',
    'Your reports:',
    reportsUrl,
    '',
    `-- ${productName}`,
  ].join('\n');
}

/** The order confirmation, sent once when an order is paid: both parts. */
export function orderConfirmationMessage(to: string, props: OrderConfirmationProps): MailMessage {
  return {
    to,
    subject: subjectOf(props.orderNumber),
    html: renderEmailHtml(<OrderConfirmation {...props} />),
    text: orderConfirmationText(props),
    links: [props.reportsUrl],
  };
}
