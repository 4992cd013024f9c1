import type { LegalDocument } from '../documents/document';
import { infoMessages as t } from '../messages';

/** A legal document as a page: one h1, an h2 per section, paragraphs and lists. */
export function DocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="info-document">
      <h1 className="info-page__title">{document.title}</h1>
      <p className="info-document__edition">{t.edition(document.edition)}</p>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {document.sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <p key={index}>{block}</p>
            ) : (
              <ul key={index}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
