import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { routePath } from '@/lib/route-paths';
import '../legal-texts';
import { currentPolicyVersion } from '../policy-version';

// A document's texts come from i18n as objects (returnObjects), so they are parsed, not cast.
const block = z.union([z.string(), z.array(z.string())]);
const legalDocument = z.object({
  title: z.string(),
  intro: z.array(z.string()),
  sections: z.array(z.object({ id: z.string(), heading: z.string(), body: z.array(block) })),
});

export type LegalDocumentName = 'privacy' | 'terms';

const otherDocument = {
  privacy: { route: 'terms-of-service', key: 'legal.terms.title' },
  terms: { route: 'privacy-policy', key: 'legal.privacy.title' },
} as const;

/** The contact shown in the documents: the operator's address when the build names one. */
function contactAddress(fallback: string): string {
  const configured = import.meta.env.VITE_LEGAL_CONTACT_EMAIL?.trim();
  return configured ? configured : fallback;
}

/** A legal document: title, version date, contents, numbered sections, then the data attributions. */
export function LegalDocument({ name }: { name: LegalDocumentName }) {
  const { t, i18n } = useTranslation();
  const parsed = legalDocument.safeParse(
    t(`legal.${name}`, { returnObjects: true, contact: contactAddress(t('legal.contactFallback')) }),
  );
  if (!parsed.success) throw new Error(`The ${name} texts do not have the shape of a legal document`);
  const document = parsed.data;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${currentPolicyVersion}T00:00:00Z`),
  );
  const other = otherDocument[name];

  return (
    <article className="text-[0.95rem] leading-relaxed text-foreground">
      <header className="border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{document.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          <time dateTime={currentPolicyVersion}>{t('legal.version', { date })}</time>
        </p>
        <div className="mt-5 space-y-3">
          {document.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </header>

      <nav aria-labelledby={`${name}-contents`} className="mt-6 rounded-lg bg-muted/60 px-4 py-4 sm:px-5">
        <h2 id={`${name}-contents`} className="text-sm font-semibold">
          {t('legal.contents')}
        </h2>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-6">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="rounded-sm text-primary underline-offset-4 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {document.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-8">
          <h2 id={section.id} className="scroll-mt-6 text-lg font-semibold tracking-tight">
            {section.heading}
          </h2>
          <div className="mt-3 space-y-3">
            {section.body.map((item, index) =>
              typeof item === 'string' ? (
                <p key={index}>{item}</p>
              ) : (
                <ul key={index} className="list-disc space-y-1.5 pl-5 marker:text-muted-foreground">
                  {item.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              ),
            )}
          </div>
        </section>
      ))}

      <section aria-labelledby={`${name}-attribution`} className="mt-10 rounded-lg border px-4 py-4 text-sm sm:px-5">
        <h2 id={`${name}-attribution`} className="font-semibold">
          {t('legal.attribution.heading')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('legal.attribution.intro')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-muted-foreground">
          <li>{t('legal.attribution.geonames')}</li>
          <li>{t('legal.attribution.osm')}</li>
        </ul>
        <p className="mt-2 text-muted-foreground">{t('legal.attribution.changes')}</p>
      </section>

      <p className="mt-8 text-sm text-muted-foreground">
        {t('legal.otherDocument')}{' '}
        <Link to={routePath(other.route)} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t(other.key)}
        </Link>
      </p>
    </article>
  );
}
